// What a Redocly visitor is given and returns, restated for JSDoc: Redocly CLI 2.x bundles
// @redocly/openapi-core and ships no declarations, so there is nothing to import the types from.
// Only what the rules use is stated; the names follow @redocly/openapi-core's where it has one.

/**
 * A place in an API description (`Location` of `@redocly/openapi-core`).
 * @typedef {object} Location
 * @property {{ absoluteRef: string }} source the file the place is in
 * @property {string} pointer JSON pointer within that file, e.g. `#/paths/~1v1~1rfi/get`
 * @property {string} absolutePointer the file and the pointer together, unique across files
 * @property {boolean} [reportOnKey] set by `key()`: the report points at the key, not at its value
 * @property {(components: string | number | (string | number)[]) => Location} child
 * @property {() => Location} key the same place, reported on its key
 */

/**
 * What a rule reports (`Problem` of `@redocly/openapi-core`, the fields this package uses).
 * @typedef {object} Problem
 * @property {string} message
 * @property {Location} [location] where to point; Redocly points at the visited node without it
 */

/**
 * An OpenAPI Reference object.
 * @typedef {{ $ref: string }} Reference
 */

/**
 * A node given inline or by `$ref`. An inline node has no `$ref`: that is how the two are told apart.
 * @template T
 * @typedef {(T & { $ref?: undefined }) | Reference} Referenced
 */

/**
 * What `ctx.resolve` gives. An inline node resolves to itself at the visitor's location; a `$ref`
 * Redocly could not resolve gives no node (and, unless the target failed to parse, no location).
 * @template T
 * @typedef {{ node: T, location: Location } | { node: undefined, location?: Location }} Resolved
 */

/**
 * The context Redocly passes a visitor callback (`UserContext` of `@redocly/openapi-core`).
 * @typedef {object} VisitorContext
 * @property {(problem: Problem) => void} report
 * @property {Location} location the visited node's
 * @property {string | number} key the visited node's key in its parent, e.g. the path or the method
 * @property {Record<string, Location>} parentLocations by node type name, e.g. `PathItem`
 * @property {<T>(node: Referenced<T>, from?: string) => Resolved<T>} resolve follows a `$ref`, relative
 *   to `from` (default: the visited node's file)
 */

/**
 * A visitor callback. Each callback declares the node (and parent nodes) of its own node type, which
 * only the key it sits under determines; `never` lets any of them stand here.
 * @typedef {(node: never, ctx: VisitorContext, parents: never) => void} VisitFunction
 */

/**
 * A Redocly visitor: `enter`/`leave` callbacks, and the visitors of nested node types by type name.
 * @typedef {{ [key: string]: VisitFunction | Visitor }} Visitor
 */

/**
 * A rule as Redocly loads it (`Oas3Rule` of `@redocly/openapi-core`). Redocly passes each rule its
 * settings from redocly.yaml unchecked, hence `any`: each rule states the options it reads.
 * @typedef {(options: Record<string, any>) => Visitor} Rule
 */

/**
 * @typedef {object} Schema
 * @property {string | string[]} [type] a list of types is OpenAPI 3.1's
 * @property {string} [format]
 */

/**
 * @typedef {object} Parameter
 * @property {string} [name] required by OpenAPI, yet absent from the stand-in for an unresolved `$ref`
 * @property {string} [in]
 * @property {boolean} [required]
 * @property {Referenced<Schema>} [schema]
 */

/**
 * @typedef {object} Server
 * @property {string} [url]
 */

/**
 * @typedef {object} MediaType
 * @property {Referenced<Schema>} [schema]
 * @property {Record<string, unknown>} [examples]
 */

/**
 * @typedef {object} Response
 * @property {Record<string, MediaType>} [content] by media type
 */

/**
 * An Operation object; its specification extensions (`x-…`) are whatever the description says.
 * @typedef {{
 *   operationId?: string,
 *   parameters?: Referenced<Parameter>[],
 *   requestBody?: unknown,
 *   responses?: Record<string, Referenced<Response>>,
 *   servers?: Server[],
 * } & { [extension: `x-${string}`]: unknown }} Operation
 */

/**
 * @typedef {object} PathItem
 * @property {Referenced<Parameter>[]} [parameters]
 * @property {Server[]} [servers]
 */

/**
 * The root of an API description.
 * @typedef {object} OpenApiDocument
 * @property {Referenced<Record<string, PathItem>>} [paths]
 */

export {};

/** The package that carries the OpenAPI description; its version is the contract's version. */
export const SPEC_PACKAGE = '@payments-connect/openapi';

/** Prefix of the git tags `changeset publish` creates for the spec package (`@payments-connect/openapi@1.0.0`). */
export const SPEC_RELEASE_TAG_PREFIX = `${SPEC_PACKAGE}@`;

/** Where the spec package lives, relative to the repository root. */
export const SPEC_DIR = 'spec';

/** The bundled spec the gate compares, relative to the spec package. */
export const BUNDLED_SPEC_FILE = 'dist/openapi.json';

/** The hand-authored root document whose `info.version` must equal the package version. */
export const SPEC_ROOT_FILE = 'openapi.yaml';

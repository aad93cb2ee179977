import type { paths } from './openapi.js';

/**
 * `T` with every open enum (`'A' | 'B' | (string & {})`) widened to `string`; file parts (`Blob`) and everything else
 * unchanged. openapi-fetch 0.17 passes response and request types through its `Readable`/`Writable` helpers, which
 * take `string & {}` for an object and turn it into one with the methods of `String` (not callable, not a string:
 * openapi-ts/openapi-typescript#2765). Widened first, the values come out as plain strings.
 */
export type OpenEnumsAsString<T> = T extends string
  ? string extends T
    ? string
    : T
  : T extends Blob
    ? T
    : T extends object
      ? { [Key in keyof T]: OpenEnumsAsString<T[Key]> }
      : T;

/**
 * {@link paths} for openapi-fetch 0.17: `createClient<PathsForOpenapiFetch>()`. The same paths, with open enums as
 * `string` in what openapi-fetch returns, so that `data` and `error` hold real strings (see {@link OpenEnumsAsString}).
 */
export type PathsForOpenapiFetch = OpenEnumsAsString<paths>;

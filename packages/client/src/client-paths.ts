import type { PathsForOpenapiFetch } from '@payments-connect/types';
import type { TOKEN_PATH } from './generated/spec-constants.js';

/**
 * The paths a client calls: every path of the spec but the token exchange, which the client performs itself. Open
 * enums are plain `string` here: openapi-fetch 0.17 would turn the types' `'A' | (string & {})` into no string at
 * all (see `PathsForOpenapiFetch`).
 */
export type ClientPaths = Omit<PathsForOpenapiFetch, typeof TOKEN_PATH>;

/** Parameters with the `AccountId` header optional (and `header` too when nothing else in it is required). */
type ParametersWithOptionalAccountId<Parameters extends { header: { AccountId: string } }> = Omit<
  Parameters,
  'header'
> &
  // biome-ignore lint/complexity/noBannedTypes: `{} extends T` is the type-level test for "T has no required key"
  ({} extends Omit<Parameters['header'], 'AccountId'>
    ? { header?: Omit<Parameters['header'], 'AccountId'> & { AccountId?: string } }
    : { header: Omit<Parameters['header'], 'AccountId'> & { AccountId?: string } });

/** An operation with `AccountId` optional when it takes that header. */
type OperationWithOptionalAccountId<Operation> = Operation extends { parameters: { header: { AccountId: string } } }
  ? Omit<Operation, 'parameters'> & { parameters: ParametersWithOptionalAccountId<Operation['parameters']> }
  : Operation;

/**
 * {@link ClientPaths} as seen by a client created with a default `accountId`: the client sends that default on
 * every `/v1` call, so no call has to pass the `AccountId` header (a call may still pass one to override it).
 */
export type ClientPathsWithDefaultAccountId = {
  [Path in keyof ClientPaths]: {
    [Key in keyof ClientPaths[Path]]: OperationWithOptionalAccountId<ClientPaths[Path][Key]>;
  };
};

/** The paths type of a client: `AccountId` is optional per call when the options hold a default `accountId`. */
export type PathsForOptions<Options> = Options extends { accountId: string }
  ? ClientPathsWithDefaultAccountId
  : ClientPaths;

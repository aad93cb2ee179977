/**
 * What a consumer does about a change, in a sentence, for the rules where the gate knows it: `CHANGES.md` of
 * `@payments-connect/openapi` and the reference's "Changes" section print it after the change. A rule without one
 * needs the change's own words (what a narrowed value or a tightened constraint now refuses is in its message).
 * @type {Partial<Record<import('./change-rules.js').ChangeRule, string>>}
 */
export const CHANGE_RECOVERY = {
  'operation-removed': 'Stop calling the operation; the changeset of the release names what replaces it, if anything.',
  'webhook-removed': 'Stop expecting its deliveries.',
  'operation-id-changed':
    'Use the new operationId where your code names it (the generated types key operations by it).',
  'path-parameter-renamed': 'Write the path template and its parameter under the new name in calls through the client.',
  'servers-changed': 'Point your configuration at the server URLs this version lists.',
  'security-changed': 'Send the credentials the operation now requires.',
  'security-scheme-removed': 'Stop sending the credentials of the scheme that is gone.',
  'schema-removed': 'Stop importing the type from @payments-connect/types.',
  'parameter-removed': 'Stop sending the parameter.',
  'required-parameter-added': 'Send the parameter on every call.',
  'parameter-now-required': 'Send the parameter on every call.',
  'required-request-body-added': 'Send a body with every call.',
  'request-body-now-required': 'Send a body with every call.',
  'request-body-removed': 'Stop sending a body.',
  'media-type-removed': 'Send and accept only the media types this version lists.',
  'response-status-removed': 'Stop relying on the status: handle the answers this version lists.',
  'success-status-added': 'Treat the new success status as a success.',
  'response-header-removed': 'Stop reading the header.',
  'response-header-now-optional': 'Handle the header being absent.',
  'property-removed': 'Stop sending and reading the field.',
  'request-property-now-read-only': 'Stop sending the field: the API ignores it.',
  'response-property-now-write-only': 'Stop reading the field from answers.',
  'required-request-field-added': 'Send the field in every request.',
  'request-field-now-required': 'Send the field in every request.',
  'response-field-now-optional': 'Handle the field being absent.',
  'request-extra-properties-rejected': 'Send only the fields the schema lists.',
  'response-values-widened': 'Handle the new values where you read the field.',
  'response-alternative-added': 'Handle the new shape where you read the answer.',
  'request-alternative-removed': 'Send one of the shapes this version still accepts.',
  deprecation: 'Move off it before its sunset date, where one is given; it still works in this version.',
  'operation-added': 'Nothing to change; call it when you need it.',
};

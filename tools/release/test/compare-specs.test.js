import { describe, expect, it } from 'vitest';
import { compareSpecs } from '../src/spec-changes/compare-specs.js';
import { baseSpec } from './fixtures/base-spec.js';

/**
 * The changes between the fixture and a copy changed by `mutate`.
 * @param {(spec: any) => void} mutate
 */
function changesAfter(mutate) {
  const after = baseSpec();
  mutate(after);
  return compareSpecs(baseSpec(), after);
}

/** @typedef {import('../src/spec-changes/comparison.js').SpecChange} SpecChange */

/**
 * Asserts one change with this rule and kind exists, and returns the list for further checks.
 * @param {SpecChange[]} changes
 * @param {string} rule
 * @param {SpecChange['kind']} kind
 */
function expectChange(changes, rule, kind) {
  expect(changes, JSON.stringify(changes, null, 2)).toContainEqual(expect.objectContaining({ rule, kind }));
  return changes;
}

const breaking = (/** @type {SpecChange[]} */ changes) => changes.filter((c) => c.kind === 'breaking');

describe('compareSpecs: breaking changes', () => {
  it('a removed operation', () => {
    const changes = changesAfter((s) => delete s.paths['/things/{thingId}'].delete);
    expectChange(changes, 'operation-removed', 'breaking');
    expect(changes[0]?.location).toBe('DELETE /things/{thingId}');
  });

  it('a removed response status', () => {
    expectChange(
      changesAfter((s) => delete s.paths['/things'].get.responses['400']),
      'response-status-removed',
      'breaking',
    );
  });

  it('a changed status set: 201 replaced by 200', () => {
    const changes = changesAfter((s) => {
      const responses = s.paths['/things'].post.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    });
    expectChange(changes, 'response-status-removed', 'breaking');
    expectChange(changes, 'success-status-added', 'breaking');
  });

  it('a removed parameter', () => {
    expectChange(
      changesAfter((s) => delete s.paths['/things/{thingId}'].put.parameters),
      'parameter-removed',
      'breaking',
    );
  });

  it('a new required parameter, and an optional one made required', () => {
    expectChange(
      changesAfter((s) =>
        s.paths['/things/{thingId}'].put.parameters.push({
          name: 'If-Match',
          in: 'header',
          required: true,
          schema: { type: 'string' },
        }),
      ),
      'required-parameter-added',
      'breaking',
    );
    expectChange(
      changesAfter((s) => (s.paths['/things/{thingId}'].put.parameters[0].required = true)),
      'parameter-now-required',
      'breaking',
    );
  });

  it('a removed request property', () => {
    const changes = changesAfter((s) => delete s.components.schemas.ThingUpdate.properties.note);
    expectChange(changes, 'property-removed', 'breaking');
    expect(changes[0]?.location).toBe('schema ThingUpdate (consumer sends) > note');
  });

  it('a new required request field, and an optional one made required', () => {
    expectChange(
      changesAfter((s) => {
        s.components.schemas.ThingUpdate.properties.owner = { type: 'string' };
        s.components.schemas.ThingUpdate.required.push('owner');
      }),
      'required-request-field-added',
      'breaking',
    );
    expectChange(
      changesAfter((s) => s.components.schemas.ThingUpdate.required.push('note')),
      'request-field-now-required',
      'breaking',
    );
  });

  it('a new required request body', () => {
    expectChange(
      changesAfter(
        (s) =>
          (s.paths['/things/{thingId}'].delete.requestBody = {
            required: true,
            content: { 'application/json': { schema: { type: 'object' } } },
          }),
      ),
      'required-request-body-added',
      'breaking',
    );
  });

  it('a narrowed type in a request', () => {
    const changes = changesAfter((s) => (s.components.schemas.ThingUpdate.properties.count = { type: 'integer' }));
    expectChange(changes, 'request-values-narrowed', 'breaking');
    expect(changes[0]?.message).toContain('type null');
  });

  it('a removed enum value in a request', () => {
    const changes = changesAfter((s) => (s.components.schemas.ThingUpdate.properties.mode.enum = ['FAST']));
    expectChange(changes, 'request-values-narrowed', 'breaking');
    expect(changes[0]?.message).toContain('"SAFE"');
  });

  it('an open anyOf [enum, string] in a request closed to its enum', () => {
    const changes = changesAfter(
      (s) => (s.components.schemas.ThingUpdate.properties.channel = { type: 'string', enum: ['EMAIL', 'SMS'] }),
    );
    expectChange(changes, 'request-values-narrowed', 'breaking');
    expect(changes[0]?.message).toContain('type string');
  });

  it('a tightened request constraint', () => {
    expectChange(
      changesAfter((s) => (s.components.schemas.ThingUpdate.properties.name.maxLength = 40)),
      'request-constraint-tightened',
      'breaking',
    );
  });

  it('a value added to a closed response enum', () => {
    const changes = changesAfter((s) => s.components.schemas.ThingStatus.enum.push('DELETED'));
    expectChange(changes, 'response-values-widened', 'breaking');
    expect(changes.find((c) => c.rule === 'response-values-widened')?.message).toContain('"DELETED"');
  });

  it('a removed property in a response, and a required one made optional', () => {
    expectChange(
      changesAfter((s) => delete s.components.schemas.Thing.properties.name),
      'property-removed',
      'breaking',
    );
    expectChange(
      changesAfter((s) => (s.components.schemas.Thing.required = ['id'])),
      'response-field-now-optional',
      'breaking',
    );
  });

  it('changed security, at the document and at an operation', () => {
    const apiKey = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
    const changes = changesAfter((s) => {
      s.components.securitySchemes.apiKey = apiKey;
      s.security = [{ apiKey: [] }];
    });
    expectChange(changes, 'security-changed', 'breaking');
    expect(changes.find((c) => c.rule === 'security-changed')?.message).toBe(
      'security bearer -> apiKey: requests that authenticate as before may be rejected',
    );
    expectChange(
      changesAfter((s) => {
        s.components.securitySchemes.apiKey = apiKey;
        s.paths['/things'].get.security = [{ bearer: [], apiKey: [] }];
      }),
      'security-changed',
      'breaking',
    );
    expectChange(
      changesAfter((s) => (s.components.securitySchemes.bearer.scheme = 'basic')),
      'security-scheme-changed',
      'breaking',
    );
  });

  it('changed servers, at the document and at an operation', () => {
    const changes = changesAfter((s) => (s.servers = [{ url: 'https://api.example/v2' }]));
    expectChange(changes, 'servers-changed', 'breaking');
    expect(changes[0]?.message).toContain(
      'removed https://api.example, https://sandbox.example; added https://api.example/v2',
    );
    expectChange(
      changesAfter((s) => (s.paths['/things'].post.servers = [{ url: 'https://sandbox.example' }])),
      'servers-changed',
      'breaking',
    );
    expectChange(
      changesAfter((s) => s.servers.reverse()),
      'servers-changed',
      'breaking',
    );
    expect(changesAfter((s) => (s.servers[0].description = 'Production'))).toEqual([
      expect.objectContaining({ kind: 'non-breaking', rule: 'documentation', message: 'server descriptions changed' }),
    ]);
  });

  it('a webhook payload follows response rules: removed property, widened closed enum', () => {
    expectChange(
      changesAfter((s) => delete s.components.schemas.ThingEvent.properties.thingId),
      'property-removed',
      'breaking',
    );
    const changes = changesAfter((s) => s.components.schemas.ThingEvent.properties.type.enum.push('thing.deleted'));
    expectChange(changes, 'response-values-widened', 'breaking');
    expect(changes[0]?.location).toBe('schema ThingEvent (consumer receives) > type');
  });

  it('a removed webhook, a changed operationId and a removed named schema', () => {
    expectChange(
      changesAfter((s) => delete s.webhooks['thing.changed']),
      'webhook-removed',
      'breaking',
    );
    expectChange(
      changesAfter((s) => (s.paths['/things'].get.operationId = 'listAllThings')),
      'operation-id-changed',
      'breaking',
    );
    expectChange(
      changesAfter((s) => {
        s.components.schemas.Problem = s.components.schemas.Error;
        delete s.components.schemas.Error;
        s.components.responses.NotFound.content['application/json'].schema.$ref = '#/components/schemas/Problem';
      }),
      'schema-removed',
      'breaking',
    );
  });

  it('counts a change no rule understands as breaking', () => {
    expectChange(
      changesAfter((s) => (s.paths['/things'].post.callbacks = { done: {} })),
      'unclassified',
      'breaking',
    );
  });
});

describe('compareSpecs: non-breaking changes', () => {
  it('finds nothing between identical specs, and ignores info.version', () => {
    expect(compareSpecs(baseSpec(), baseSpec())).toEqual([]);
    expect(changesAfter((s) => (s.info.version = '2.0.0'))).toEqual([]);
  });

  it('relaxed security: a request that was accepted still is', () => {
    const changes = changesAfter((s) => (s.paths['/things'].get.security = []));
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'non-breaking',
        rule: 'security-relaxed',
        location: 'GET /things > security',
        message: 'security bearer -> none: every request that was accepted still is',
      }),
    ]);
  });

  it('an added optional parameter', () => {
    const changes = changesAfter((s) =>
      s.paths['/things'].get.parameters.push({ name: 'limit', in: 'query', schema: { type: 'integer' } }),
    );
    expectChange(changes, 'parameter-added', 'non-breaking');
    expect(breaking(changes)).toEqual([]);
  });

  it('an added operation and an added webhook', () => {
    const changes = changesAfter((s) => {
      s.paths['/things/{thingId}/archive'] = {
        post: { operationId: 'archiveThing', responses: { 204: { description: 'Archived.' } } },
      };
      s.webhooks['thing.archived'] = structuredClone(s.webhooks['thing.changed']);
    });
    expectChange(changes, 'operation-added', 'non-breaking');
    expectChange(changes, 'webhook-added', 'non-breaking');
    expect(breaking(changes)).toEqual([]);
  });

  it('an added response property', () => {
    const changes = changesAfter(
      (s) => (s.components.schemas.Thing.properties.createdAt = { type: 'string', format: 'date-time' }),
    );
    expectChange(changes, 'property-added', 'non-breaking');
    expect(breaking(changes)).toEqual([]);
  });

  it('description, summary and example changes', () => {
    const changes = changesAfter((s) => {
      s.components.schemas.Thing.properties.name.description = 'The name people see.';
      s.paths['/things'].get.summary = 'List all things';
      s.paths['/things'].get.responses['200'].content['application/json'].example = [];
      s.info.description = 'All the things.';
    });
    expect(changes.length).toBe(4);
    expect(changes.every((c) => c.rule === 'documentation' && c.kind === 'non-breaking')).toBe(true);
  });

  it('a value added to an open response enum (anyOf [enum, string])', () => {
    const changes = changesAfter((s) => s.components.schemas.ThingKind.anyOf[0].enum.push('CRATE'));
    expect(changes).toEqual([expect.objectContaining({ rule: 'open-set-values-listed', kind: 'non-breaking' })]);
  });

  it('a widened request: an enum value added, a type widened, a constraint relaxed', () => {
    const changes = changesAfter((s) => {
      const props = s.components.schemas.ThingUpdate.properties;
      props.mode.enum.push('BALANCED');
      props.count.type = ['integer', 'string', 'null'];
      delete props.name.maxLength;
    });
    expectChange(changes, 'request-values-widened', 'non-breaking');
    expectChange(changes, 'request-constraint-loosened', 'non-breaking');
    expect(breaking(changes)).toEqual([]);
  });

  it('a narrowed response enum, a new error status (the same enum narrowed in a request still breaks)', () => {
    const changes = changesAfter((s) => {
      s.components.schemas.ThingStatus.enum = ['ACTIVE'];
      s.paths['/things'].post.responses['409'] = { description: 'Conflict.' };
    });
    expectChange(changes, 'response-values-narrowed', 'non-breaking');
    expectChange(changes, 'response-status-added', 'non-breaking');
    // ThingStatus is also the type of the `status` query parameter, which a consumer sends (as text).
    expect(breaking(changes)).toEqual([
      expect.objectContaining({
        rule: 'request-values-narrowed',
        location: 'schema ThingStatus (consumer sends as text)',
      }),
    ]);
  });

  it('reports a change to a shared schema once, under its name, per direction', () => {
    // ThingStatus is read in three responses and sent as a query parameter.
    const changes = changesAfter((s) => s.components.schemas.ThingStatus.enum.push('DELETED'));
    expect(changes.map((c) => `${c.kind} ${c.location}`)).toEqual([
      'non-breaking schema ThingStatus (consumer sends as text)',
      'breaking schema ThingStatus (consumer receives)',
    ]);
  });

  it('compares a shared request body once per direction: sent to an operation, received by a webhook', () => {
    /** The fixture with one request body shared by POST /things and the webhook, its enum given. */
    const sharedBody = (/** @type {string[]} */ tones) => {
      const spec = baseSpec();
      const tone = { type: 'string', enum: tones };
      const body = { required: true, content: { 'application/json': { schema: { properties: { tone } } } } };
      spec.components.requestBodies = { ThingNote: body };
      spec.paths['/things'].post.requestBody = { $ref: '#/components/requestBodies/ThingNote' };
      spec.webhooks['thing.changed'].post.requestBody = { $ref: '#/components/requestBodies/ThingNote' };
      return spec;
    };
    const changes = compareSpecs(sharedBody(['PLAIN', 'LOUD']), sharedBody(['PLAIN', 'LOUD', 'QUIET']));
    expectChange(changes, 'request-values-widened', 'non-breaking');
    expectChange(changes, 'response-values-widened', 'breaking');
  });
});

describe('compareSpecs: shapes that must not trip it', () => {
  /** The fixture with the schema Thing replaced. */
  const withThing = (/** @type {unknown} */ thing) => {
    const spec = baseSpec();
    spec.components.schemas.Thing = thing;
    return spec;
  };
  const self = { $ref: '#/components/schemas/Thing' };

  it('a schema whose anyOf names itself: judged by its other branches, no endless recursion', () => {
    const changes = compareSpecs(
      withThing({ anyOf: [self, { type: 'string' }] }),
      withThing({ anyOf: [self, { type: 'integer' }] }),
    );
    expectChange(changes, 'response-values-widened', 'breaking');
  });

  it('a schema whose allOf names itself', () => {
    expect(compareSpecs(withThing({ allOf: [self] }), withThing({ allOf: [self], description: 'Self.' }))).toEqual([
      expect.objectContaining({ rule: 'documentation', kind: 'non-breaking' }),
    ]);
  });

  it('boolean schemas: an allOf with a false part accepts nothing', () => {
    const changes = compareSpecs(withThing({ allOf: [true, { type: 'object' }] }), withThing({ allOf: [false] }));
    expect(changes.map((c) => c.rule)).toEqual(['response-values-narrowed']);
  });
});

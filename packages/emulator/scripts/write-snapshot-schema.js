#!/usr/bin/env node
// Writes the snapshot format's JSON Schema the package publishes (`@payments-connect/emulator/snapshot.schema.json`)
// to dist/snapshot.schema.json, made from the bundled spec (src/snapshot/snapshot-schema.js): part of the build, so
// that the published schema changes when the spec does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadBundledDocument } from '@payments-connect/contract';
import { snapshotSchema } from '../src/snapshot/snapshot-schema.js';

/** Where the build writes it: the file the package exports. */
export const PUBLISHED_SCHEMA = new URL('../dist/snapshot.schema.json', import.meta.url);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const document = loadBundledDocument();
  const version = `${document.info?.title} ${document.info?.version}`;
  const $comment = `GENERATED FILE (scripts/write-snapshot-schema.js, at build) from the spec ${version}: never edit`;
  const { $schema, ...schema } = snapshotSchema(document);
  mkdirSync(new URL('.', PUBLISHED_SCHEMA), { recursive: true });
  writeFileSync(PUBLISHED_SCHEMA, `${JSON.stringify({ $schema, $comment, ...schema }, null, 2)}\n`);
}

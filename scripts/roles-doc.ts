// Writes docs/roles.md's "Calls by duty" table from the one policy in shared
// (shared/src/calls/duty-calls.ts): `npx tsx scripts/roles-doc.ts`. Its test fails when they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ALL_CALLS, dutyCallsTable } from '@tablewise/shared';

const START = '<!-- duty-calls:start -->';
const END = '<!-- duty-calls:end -->';
const path = resolve(import.meta.dirname, '../docs/roles.md');
const doc = readFileSync(path, 'utf8');
const before = doc.slice(0, doc.indexOf(START) + START.length);
const after = doc.slice(doc.indexOf(END));
writeFileSync(path, `${before}\n${dutyCallsTable(ALL_CALLS)}\n${after}`);

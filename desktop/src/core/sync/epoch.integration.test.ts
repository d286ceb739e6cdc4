// A cloud database restored from a backup numbers its events again from where the backup left off,
// so a terminal's cursor can point at events that are not the ones it applied. The restore renews
// the database's epoch; the terminal, meeting an epoch other than its cursor's, rebuilds its replica
// from a snapshot instead of skipping what it believes it has seen.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renewDatabaseEpoch } from '../../../../cloud/src/repositories/database-epoch.js';
import {
  checkInGuest,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../core.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { coresOnOneDataDir, untilOnline } from '../test/core-on-cloud.js';

let harness: Harness;
let cores: ReturnType<typeof coresOnOneDataDir>;
let core: TerminalCore;
const start = (credential: string) => cores.start(credential);

beforeAll(async () => {
  harness = await startHarness();
  cores = coresOnOneDataDir(() => harness.cloud.url);
});

afterAll(async () => {
  await cores?.close();
  await harness?.close();
});

it("rebuilds the replica from a snapshot when the cloud's database has another epoch", async () => {
  const a = harness.fixture.a;
  const { db } = harness.database;
  const [first, second] = a.tableIds as [string, string];
  const staff = await loginAs(harness.cloud.url, a.staffEmail);
  await checkInGuest(harness.cloud.url, staff, first);

  const { credential } = await pairTerminal(harness.cloud.url, a.managerEmail, 'Bar PC');
  core = await start(credential);
  await untilOnline(core);
  const before = getMeta(core.replica.read);
  expect(before.cursor).toBe(2);
  expect(before.epoch).toBe((await db('database_epoch').first('epoch')).epoch);
  await core.close();

  // The restore: data the terminal never heard of, the feed numbered again from the backup's
  // point, a new epoch; then the evening goes on and the feed reaches the terminal's cursor again.
  await db('tables').where({ id: second }).update({ name: 'Terrace 2' });
  await db('events').where({ venue_id: a.venueId }).delete();
  await db('venues').where({ id: a.venueId }).update({ event_seq: 0 });
  const epoch = await renewDatabaseEpoch(db);
  const third = a.tableIds[2] as string;
  await checkInGuest(harness.cloud.url, staff, third);
  expect(Number((await db('venues').where({ id: a.venueId }).first('event_seq')).event_seq)).toBe(2);

  core = await start(credential);
  await untilOnline(core);
  const tab = await loginAs(core.url, a.staffEmail);
  const tables = (await tab.get('/api/tables')).body as { id: string; name: string; state: string }[];
  expect(tables.find((t) => t.id === second)?.name).toBe('Terrace 2');
  expect(tables.find((t) => t.id === third)?.state).toBe('OCCUPIED');
  expect(getMeta(core.replica.read)).toMatchObject({ cursor: 2, epoch });
  // Staff are told, on the terminal's status (its banner).
  const status = (await tab.get('/api/terminal/status')).body as { rebuiltAt: string | null };
  expect(Date.parse(status.rebuiltAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
});

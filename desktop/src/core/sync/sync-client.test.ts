// The sync client's wait between tries: a hint that the cloud is back (the outbox reached it)
// ends the wait, and so does one that came while a try was still failing, which otherwise slept
// through the whole back-off (the reconnect integration test ran out of time on a loaded machine).
import { afterEach, expect, it } from 'vitest';
import { Bus } from '../bus.js';
import type { WriteDb } from '../sqlite/replica.js';
import { type CloudApi, CloudUnreachable } from './cloud-api.js';
import { SyncClient } from './sync-client.js';

/** A back-off far longer than the test waits: a try within it was woken. */
const LONG = { baseMs: 60_000, maxMs: 60_000 };

let client: SyncClient | null = null;
/** Every try the test's cloud was asked, each failing when called. */
let tries: Array<() => void> = [];
afterEach(async () => {
  const stopped = client?.stop();
  for (const fail of tries) fail();
  await stopped;
  client = null;
  tries = [];
});

/** A cloud that is away: each try asks `me` and fails when the test says so. */
function awayCloud() {
  const api = {
    me: () =>
      new Promise((_resolve, reject) => {
        tries.push(() => reject(new CloudUnreachable(new Error('connect ECONNREFUSED'))));
      }),
  } as unknown as CloudApi;
  return { api };
}

function start(api: CloudApi): SyncClient {
  const sync = new SyncClient({ db: {} as WriteDb, api, bus: new Bus(), now: () => new Date(), backoff: LONG });
  sync.start();
  return sync;
}

it('tries again at once when told the cloud is back while it waits', async () => {
  const { api } = awayCloud();
  client = start(api);
  await expect.poll(() => tries.length).toBe(1);
  tries[0]?.();
  // The failed try is handled in the promise jobs after it: by a timer's turn, the client waits.
  await new Promise((resolve) => setTimeout(resolve, 20));
  client.reconnectNow();
  await expect.poll(() => tries.length).toBe(2);
});

it('tries again at once when told the cloud is back while a try is still failing', async () => {
  const { api } = awayCloud();
  client = start(api);
  await expect.poll(() => tries.length).toBe(1);
  // The hint comes first; the try that began before the cloud was back fails after it.
  client.reconnectNow();
  tries[0]?.();
  await expect.poll(() => tries.length).toBe(2);
});

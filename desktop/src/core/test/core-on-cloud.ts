// A terminal core on a temporary data folder, paired to a test cloud: what the integration
// tests that need a real cloud and a real replica start from.
import { expect, vi } from 'vitest';
import {
  type Client,
  type Harness,
  loginAs,
  pairTerminal,
  startHarness,
} from '../../../../cloud/src/testkit/harness.js';
import { startTerminalCore, type TerminalCore, type TerminalCoreOptions } from '../core.js';
import { freePort, tempDir } from './fixtures.js';

export interface CoreOnCloud {
  core: TerminalCore;
  close(): Promise<void>;
}

/** Starts a core with a test's defaults (any port, no printing, a short retry schedule). */
export async function startCoreOn(
  cloudUrl: string,
  credential: string,
  options: Partial<TerminalCoreOptions> = {},
): Promise<CoreOnCloud> {
  const dir = tempDir();
  try {
    const core = await startTerminalCore({
      cloudUrl,
      credential,
      dataDir: dir.dir,
      port: 0,
      printing: false,
      backoff: { baseMs: 50, maxMs: 300 },
      ...options,
    });
    return {
      core,
      async close() {
        await core.close();
        dir.remove();
      },
    };
  } catch (error) {
    dir.remove();
    throw error;
  }
}

/** Until the core has bootstrapped its replica and is online. */
export async function untilOnline(core: TerminalCore): Promise<void> {
  await vi.waitFor(() => expect(core.status().online).toBe(true), { timeout: 15_000, interval: 50 });
}

/** Cores started one after another on one data folder: a terminal restarted, or paired again,
 * with its replica kept. Starting one closes the one before; `options` as startCoreOn's. */
export function coresOnOneDataDir(cloudUrl: () => string, options: Partial<TerminalCoreOptions> = {}) {
  const dir = tempDir();
  let current: TerminalCore | null = null;
  return {
    async start(credential: string): Promise<TerminalCore> {
      await current?.close();
      current = await startTerminalCore({
        cloudUrl: cloudUrl(),
        credential,
        dataDir: dir.dir,
        port: 0,
        printing: false,
        backoff: { baseMs: 50, maxMs: 300 },
        ...options,
      });
      return current;
    },
    /** The core running now, if any. */
    get current(): TerminalCore | null {
      return current;
    },
    /** Closes the running core and keeps its data folder: the terminal switched off. */
    async stop(): Promise<void> {
      await current?.close();
      current = null;
    },
    async close(): Promise<void> {
      await current?.close();
      dir.remove();
    },
  };
}

/** A cloud on its own port (so it can be stopped and started again) with a terminal paired as
 * the host stand, online, and a staff member signed in to the terminal: where the front-of-house
 * tests (waitlist, reservations, tasks) start. */
export async function startHostStand(): Promise<{ harness: Harness; terminal: CoreOnCloud; tab: Client }> {
  const harness = await startHarness({ port: await freePort() });
  const a = harness.fixture.a;
  const { credential } = await pairTerminal(harness.cloud.url, a.managerEmail, 'Host stand');
  const terminal = await startCoreOn(harness.cloud.url, credential);
  await untilOnline(terminal.core);
  return { harness, terminal, tab: await loginAs(terminal.core.url, a.staffEmail) };
}

// The faults the suite acts out. Each starts its fault and answers how to heal it; the round keeps
// guests ordering and cooks moving items the whole time.

import { DEMO_MANAGER, signIn } from '../demo.js';
import type { EmulatorCondition } from '../printer-emulator/emulator.js';
import { sleep } from './driver.js';
import type { Random } from './random.js';
import type { Stack } from './stack.js';

export interface Fault {
  name: string;
  /**
   * Acted out once, at the end of the last round: what it leaves behind (a new terminal identity)
   * would otherwise be counted against the faults after it.
   */
  lastOnly?: boolean;
  /** Starts the fault, keeps it for about `ms`, heals it. */
  act(stack: Stack, random: Random, ms: number, log: (line: string) => void): Promise<void>;
}

function printerCondition(name: string, condition: EmulatorCondition): Fault {
  return {
    name,
    async act(stack, random, ms, log) {
      const printer = random.pick(stack.printers);
      log(`${printer.station} printer: ${condition} for ${ms} ms`);
      printer.running?.setCondition(condition);
      await sleep(ms);
      printer.running?.setCondition('ok');
    },
  };
}

export const FAULTS: Fault[] = [
  printerCondition('paper out', 'paperOut'),
  printerCondition('cover open', 'coverOpen'),
  printerCondition('silent printer', 'silent'),
  printerCondition('takes bytes, never acks', 'neverAcks'),
  printerCondition('reader stops reading', 'stopsReading'),
  {
    name: 'printer unreachable',
    async act(stack, random, ms, log) {
      const printer = random.pick(stack.printers);
      log(`${printer.station} printer: stopped for ${ms} ms`);
      await printer.stop();
      await sleep(ms);
      await printer.start();
    },
  },
  {
    name: 'terminal SIGKILL',
    async act(stack, random, ms, log) {
      // A random point within the fault's span: mid-order, mid-print, mid-push.
      const at = random.int(0, ms);
      await sleep(at);
      log(`terminal: SIGKILL after ${at} ms, restarted on the same data dir`);
      await stack.killTerminal();
      await stack.startTerminal();
      await sleep(ms - at);
    },
  },
  {
    name: 'cloud SIGKILL and restart',
    async act(stack, random, ms, log) {
      const at = random.int(0, Math.floor(ms / 2));
      await sleep(at);
      log(`cloud: SIGKILL after ${at} ms, down for ${ms - at} ms`);
      await stack.killCloud();
      await sleep(ms - at);
      await stack.startCloud();
    },
  },
  {
    name: 're-pair, replica kept',
    lastOnly: true,
    async act(stack, _random, ms, log) {
      // The old credential is revoked (a lost or replaced device); staff pair again on the same
      // data dir with the CLI, keeping the replica and whatever its outbox holds.
      const old = stack.terminalId();
      await stack.killTerminal();
      const cookie = await signIn(stack.cloudUrl, DEMO_MANAGER);
      const res = await fetch(`${stack.cloudUrl}/api/terminals/${old}`, { method: 'DELETE', headers: { cookie } });
      log(`terminal ${old}: revoked (${res.status}), pairing again with --pair on the same data dir`);
      await sleep(ms / 2);
      await stack.startTerminal({ pair: true });
      await sleep(ms / 2);
    },
  },
];

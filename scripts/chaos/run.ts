// `npm run chaos`: the system under faults, with real processes, then the counts that must be 0.
//   --rounds N      rounds over the fault list (default 2; --quick 1)
//   --seed S        the randomness (default 1): the same seed picks the same printers and moments
//   --quick         CI's bounded form: shorter faults and a shorter settle
//   --faults A,B    only the faults whose names contain one of these (case-insensitive)
//   --skip A,B      leave out the faults whose names contain one of these (printed as not run)
import { parseArgs } from 'node:util';
import { Driver, sleep, until } from './driver.js';
import { FAULTS } from './faults.js';
import { Random } from './random.js';
import { type Stack, startStack } from './stack.js';
import { type Counts, computeVerdict, ticketKey } from './verdict.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string' },
    seed: { type: 'string', default: '1' },
    quick: { type: 'boolean', default: false },
    faults: { type: 'string' },
    skip: { type: 'string' },
  },
});
const quick = values.quick ?? false;
const rounds = Number(values.rounds ?? (quick ? 1 : 2));
const seed = Number(values.seed);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds takes a positive integer, got ${values.rounds}`);
if (!Number.isInteger(seed)) throw new Error(`--seed takes an integer, got ${values.seed}`);
const names = (list: string | undefined) => list?.split(',').map((f) => f.trim().toLowerCase());
const matches = (fault: { name: string }, list: string[]) => list.some((w) => fault.name.toLowerCase().includes(w));
const wanted = names(values.faults);
const skipped = names(values.skip) ?? [];
const faults = FAULTS.filter((f) => (!wanted || matches(f, wanted)) && !matches(f, skipped));
if (faults.length === 0)
  throw new Error(`--faults ${values.faults} names no fault: ${FAULTS.map((f) => f.name).join(', ')}`);
const faultMs = quick ? 6_000 : 15_000;
const settleMs = quick ? 60_000 : 120_000;

const started = Date.now();
const log = (line: string) => console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${line}`);

type Job = { id: string; printerId: string; type: string; status: string; data: string };

/** Orders and moves keep coming while `during` runs. */
async function withTraffic(driver: Driver, during: () => Promise<void>): Promise<void> {
  let running = true;
  const guests = (async () => {
    while (running) {
      await driver.placeOrder(Date.now() + 60_000);
      await sleep(700);
    }
  })();
  const cooks = (async () => {
    while (running) {
      await driver.moveOne();
      await sleep(400);
    }
  })();
  try {
    await during();
  } finally {
    running = false;
    await Promise.all([guests, cooks]);
  }
}

async function jobs(driver: Driver): Promise<Job[]> {
  return (await driver.terminalGet<Job[]>('/api/print-jobs')).filter((j) => j.type === 'kitchen_ticket');
}

/** Waits until the outbox is empty and no job is still waiting or printing. */
async function settle(driver: Driver, stack: Stack, timeoutMs: number): Promise<boolean> {
  let last = 'the terminal did not answer';
  const settled = await until(async () => {
    const status = await driver.terminalGet<{ online: boolean; outbox: { pending: number } }>('/api/terminal/status');
    const expected = Number(
      (
        await stack.db.query<{ n: number }>(
          'select count(distinct (order_id, station))::int as n from order_items where venue_id = $1 and station is not null',
          [stack.venueId],
        )
      ).rows[0]?.n,
    );
    const all = await jobs(driver);
    // A printer holds its later tickets behind one that needs a staff decision.
    const held = new Set(all.filter((j) => j.status === 'UNCONFIRMED').map((j) => j.printerId));
    const busy = all.filter(
      (j) => (j.status === 'PENDING' || j.status === 'PRINTING') && !held.has(j.printerId),
    ).length;
    last = `online ${status.online}, outbox pending ${status.outbox.pending}, jobs waiting or printing ${busy}, jobs ${all.length} of ${expected} tickets`;
    return status.online && status.outbox.pending === 0 && busy === 0 && all.length >= expected;
  }, timeoutMs);
  if (!settled) log(`not settled after ${timeoutMs} ms (${last}); counting what is there`);
  return settled;
}

async function main(): Promise<number> {
  // Faults and traffic draw from their own sequences: the traffic's timing cannot shift which
  // printer a fault picks or when the terminal dies.
  const random = new Random(seed);
  const trafficRandom = new Random(seed ^ 0x9e3779b9);
  log(`seed ${seed}, ${rounds} round(s), faults of ${faultMs} ms${quick ? ' (quick)' : ''}`);
  const stack = await startStack(log);
  // Ctrl-C or CI's timeout: the process groups die with the run, not after it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping every process`);
      void stack.close().finally(() => process.exit(130));
    });
  }
  const notRun: { name: string; reason: string }[] = [];
  try {
    const driver = new Driver(stack, trafficRandom);
    await driver.setUp(6);
    await withTraffic(driver, () => sleep(3_000));

    for (let round = 1; round <= rounds; round++) {
      for (const fault of faults) {
        if (fault.lastOnly && round < rounds) continue;
        log(`round ${round}: ${fault.name}`);
        driver.scenario = fault.name;
        await withTraffic(driver, async () => {
          await sleep(random.int(500, 2_000));
          await fault.act(stack, random, faultMs, log);
          // Recovered: the terminal answers and the cloud answers before the next fault starts.
          await until(async () => (await fetch(`${stack.cloudUrl}/api/auth/me`)).status < 500, 60_000);
          await until(async () => (await fetch(`${stack.terminalUrl}/api/auth/me`)).status < 500, 60_000);
          await sleep(2_000);
        });
      }
    }

    // Everything healed: let the system settle, then staff decide every job that may have printed.
    driver.scenario = 'settle';
    log('healed; settling');
    for (const p of stack.printers) {
      await p.start();
      p.running?.setCondition('ok');
    }
    await settle(driver, stack, settleMs);
    const staffReprints = new Map<string, number>();
    const decided = { markedPrinted: 0, reprinted: 0, retried: 0 };
    for (const job of await jobs(driver)) {
      if (job.status !== 'UNCONFIRMED' && job.status !== 'FAILED') continue;
      const { orderId, station } = JSON.parse(job.data) as { orderId: string; station: string };
      const key = ticketKey(orderId, station);
      const onPaper = stack.printers
        .flatMap((p) => p.paper())
        .some(
          (p) => p.station.toUpperCase() === station.toUpperCase() && p.text.includes(`Order #${key.split('|')[0]}`),
        );
      if (job.status === 'UNCONFIRMED' && onPaper) {
        await driver.terminalPost(`/api/print-jobs/${job.id}/mark-printed`);
        decided.markedPrinted += 1;
      } else if (job.status === 'UNCONFIRMED') {
        await driver.terminalPost(`/api/print-jobs/${job.id}/reprint`);
        staffReprints.set(key, (staffReprints.get(key) ?? 0) + 1);
        decided.reprinted += 1;
      } else if (!onPaper) {
        await driver.terminalPost(`/api/print-jobs/${job.id}/retry`);
        decided.retried += 1;
      }
    }
    log(
      `staff decided: ${decided.markedPrinted} marked as printed, ${decided.reprinted} reprinted, ${decided.retried} failed jobs retried`,
    );
    await settle(driver, stack, settleMs);

    const verdict = await computeVerdict({
      stack,
      orders: driver.orders,
      moves: driver.moves,
      staffReprints,
      driverFiveHundreds: driver.fiveHundreds,
    });
    const scenarios = [...verdict.byScenario.keys()];
    const columns: [keyof Counts, string, string][] = [
      ['ticketsExpected', 'tickets expected', 'expected'],
      ['ticketsLost', 'tickets lost', 'lost'],
      ['copiesWithoutReprint', 'copies without REPRINT', 'no REPRINT'],
      ['automaticCopiesAfterBytes', 'automatic copies after bytes were sent', 'auto copies'],
      ['mutationsLostOrDuplicated', 'mutations lost or duplicated', 'mutations'],
      ['fiveHundreds', '500s', '500s'],
    ];
    console.log('');
    console.log(
      `chaos: seed ${seed}, ${rounds} round(s), ${driver.orders.length} orders, ${driver.moves.length} moves`,
    );
    const pad = 40;
    console.log(`  ${'scenario'.padEnd(28)}${columns.map(([, , short]) => short.padStart(12)).join('')}`);
    for (const s of scenarios) {
      const c = verdict.byScenario.get(s) as Counts;
      console.log(`  ${s.padEnd(28)}${columns.map(([k]) => String(c[k]).padStart(12)).join('')}`);
    }
    console.log('');
    for (const [k, t] of columns) console.log(`  ${t.padEnd(pad)} ${verdict.total[k]}`);
    for (const f of FAULTS) {
      if (faults.includes(f)) continue;
      notRun.push({ name: f.name, reason: matches(f, skipped) ? 'left out by --skip' : 'not selected by --faults' });
    }
    for (const n of notRun) console.log(`  not run: ${n.name} (${n.reason})`);
    if (verdict.details.length > 0) {
      console.log('');
      for (const d of verdict.details.slice(0, 50)) console.log(`  ${d}`);
      if (verdict.details.length > 50) console.log(`  … and ${verdict.details.length - 50} more`);
    }
    const failed = columns.some(([k]) => k !== 'ticketsExpected' && verdict.total[k] !== 0);
    console.log(`\nchaos ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return failed ? 1 : 0;
  } finally {
    await stack.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

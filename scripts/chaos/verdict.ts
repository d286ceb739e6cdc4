// The counts, from ground truth: the cloud's database (orders and events), the paper the emulators
// printed, and the terminal's print jobs with what staff decided about them.
import { REPRINT_BANNER, shortOrderId } from '@tablewise/shared';
import type { Move, PlacedOrder } from './driver.js';
import type { Paper, Stack } from './stack.js';

export interface Counts {
  ticketsExpected: number;
  ticketsLost: number;
  copiesWithoutReprint: number;
  automaticCopiesAfterBytes: number;
  mutationsLostOrDuplicated: number;
  fiveHundreds: number;
}

export interface Verdict {
  total: Counts;
  byScenario: Map<string, Counts>;
  details: string[];
}

const zero = (): Counts => ({
  ticketsExpected: 0,
  ticketsLost: 0,
  copiesWithoutReprint: 0,
  automaticCopiesAfterBytes: 0,
  mutationsLostOrDuplicated: 0,
  fiveHundreds: 0,
});

/** The key a paper ticket and a job share: the order's short id and the station as printed. */
export const ticketKey = (orderId: string, station: string): string =>
  `${shortOrderId(orderId)}|${station.toUpperCase()}`;

function paperKey(paper: Paper): string | null {
  const order = /Order #(\S+)/.exec(paper.text);
  return order ? `${order[1]}|${paper.station.toUpperCase()}` : null;
}

export async function computeVerdict(opts: {
  stack: Stack;
  orders: PlacedOrder[];
  moves: Move[];
  staffReprints: Map<string, number>;
  driverFiveHundreds: { scenario: string; line: string }[];
}): Promise<Verdict> {
  const { stack, orders, moves, staffReprints } = opts;
  const byScenario = new Map<string, Counts>();
  const total = zero();
  const details: string[] = [];
  const add = (scenario: string, field: keyof Counts, n = 1) => {
    if (n === 0) return;
    const c = byScenario.get(scenario) ?? zero();
    c[field] += n;
    byScenario.set(scenario, c);
    total[field] += n;
  };
  for (const o of orders) if (!byScenario.has(o.scenario)) byScenario.set(o.scenario, zero());

  // What the kitchen must print: every (order, station) of the orders the cloud holds.
  const scenarioOf = new Map(orders.map((o) => [o.id, o.scenario]));
  const rows = (
    await stack.db.query<{ order_id: string; station: string }>(
      'select distinct order_id, station from order_items where venue_id = $1 and station is not null',
      [stack.venueId],
    )
  ).rows;
  for (const o of orders) {
    if (!o.accepted) details.push(`order ${o.id} (${o.scenario}): the cloud never accepted it within the round`);
  }
  const paper = stack.printers.flatMap((p) => p.paper());
  const copies = new Map<string, { plain: number; reprint: number }>();
  for (const p of paper) {
    const key = paperKey(p);
    if (!key) continue;
    const c = copies.get(key) ?? { plain: 0, reprint: 0 };
    if (p.text.includes(REPRINT_BANNER)) c.reprint += 1;
    else c.plain += 1;
    copies.set(key, c);
  }
  for (const row of rows) {
    const scenario = scenarioOf.get(row.order_id) ?? 'unknown';
    const key = ticketKey(row.order_id, row.station);
    add(scenario, 'ticketsExpected');
    const c = copies.get(key) ?? { plain: 0, reprint: 0 };
    if (c.plain + c.reprint === 0) {
      add(scenario, 'ticketsLost');
      details.push(`lost: order ${row.order_id} at ${row.station} (${scenario}) never reached paper`);
    }
    if (c.plain > 1) {
      add(scenario, 'copiesWithoutReprint', c.plain - 1);
      details.push(
        `copies: order ${row.order_id} at ${row.station} (${scenario}) printed ${c.plain} times without REPRINT`,
      );
    }
    const unasked = c.reprint - (staffReprints.get(key) ?? 0);
    if (unasked > 0) {
      add(scenario, 'automaticCopiesAfterBytes', unasked);
      details.push(
        `automatic reprint: order ${row.order_id} at ${row.station} (${scenario}): ${unasked} REPRINT copies staff did not ask for`,
      );
    }
  }

  // Every move the terminal accepted is exactly one event in the cloud; a move whose answer was
  // lost with a dying terminal may be there once or not at all, never twice.
  const events = (
    await stack.db.query<{ item_id: string; to: string; n: number }>(
      `select payload_json->'item'->>'id' as item_id, payload_json->>'to' as to, count(*)::int as n
         from events where type = 'order.item.status.changed' and venue_id = $1 group by 1, 2`,
      [stack.venueId],
    )
  ).rows;
  const eventCount = new Map(events.map((e) => [`${e.item_id}|${e.to}`, e.n]));
  for (const m of moves) {
    const n = eventCount.get(`${m.itemId}|${m.to}`) ?? 0;
    const wrong = m.outcome === 'accepted' ? n !== 1 : n > 1;
    if (wrong) {
      add(m.scenario, 'mutationsLostOrDuplicated');
      details.push(`mutation: item ${m.itemId} → ${m.to} (${m.scenario}, ${m.outcome}) is ${n} event(s) in the cloud`);
    }
  }

  for (const { scenario, line } of opts.driverFiveHundreds) {
    add(scenario, 'fiveHundreds');
    details.push(`5xx to a driver request (${scenario}): ${line}`);
  }
  for (const log of stack.logs()) {
    for (const line of log.split('\n')) {
      // The cloud's and the terminal's JSON log lines for an unexpected error (a 500), whichever process.
      if (/"msg":"(request failed|pushed mutation failed unexpectedly)"/.test(line)) {
        add('process logs', 'fiveHundreds');
        details.push(`5xx in a process log: ${line.slice(0, 200)}`);
      }
    }
  }
  return { total, byScenario, details };
}

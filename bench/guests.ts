// Guests for the benchmarks: sessions seated straight in the database, and orders through the API
// as a phone sends them. Guests are rate limited per session and per address (issue 7), so each
// session places fewer than its limit and comes from an address of its own (X-Forwarded-For; the
// cloud must trust one proxy).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { GUEST_RATE_LIMITS, GUEST_SESSION_COOKIE, IDEMPOTENCY_HEADER } from '@tablewise/shared';
import type { Db } from '../cloud/src/context.js';
import { signGuestCookie } from '../cloud/src/security/tokens.js';
import { type RunningCloud, startCloud } from '../cloud/src/server.js';
import type { TestDatabase } from '../cloud/src/test/database.js';

/** The secret the benchmarks' clouds sign guest cookies with. */
export const BENCH_SECRET = 'bench-secret';

/** Orders one session places before the bench moves to the next (below the per-session limit). */
export const ORDERS_PER_SESSION = GUEST_RATE_LIMITS.order.perSession - 2;

/** A cloud on the database whose guests these are: their cookies and addresses are taken as sent. */
export function startGuestCloud(database: TestDatabase): Promise<RunningCloud> {
  return startCloud({
    db: database.db,
    databaseUrl: database.url,
    secret: BENCH_SECRET,
    port: 0,
    trustProxy: 1,
    // As main.ts runs a cloud on a PostgreSQL server; BENCH_LIVE_FANOUT=inline compares the hub on
    // the API's own thread.
    liveFanout: process.env.BENCH_LIVE_FANOUT === 'inline' ? 'inline' : 'process',
  });
}

export interface OrderLine {
  menuItemId: string;
  quantity: number;
  course: string;
  modifiers?: { groupId: string; optionIds: string[] }[];
  specialInstructions?: string;
}

/** The kernel's clock ticks a second (getconf CLK_TCK), in which /proc reports CPU time. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) `stat` (a /proc/…/stat line) says its process or thread has used. */
function cpuSecondsOf(stat: string): number {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds the calling thread has used (/proc/thread-self: the thread that reads it). */
export function threadCpuSeconds(): number {
  return cpuSecondsOf(readFileSync('/proc/thread-self/stat', 'utf8'));
}

/** CPU seconds process `pid` has used, its threads together; 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/** Seats `count` parties at the table, in batches; answers their session ids. */
export async function seatSessions(
  db: Db,
  where: { orgId: string; venueId: string; tableId: string },
  count: number,
): Promise<string[]> {
  const sessions = Array.from({ length: count }, () => randomUUID());
  for (let i = 0; i < sessions.length; i += 1000) {
    await db('sessions').insert(
      sessions.slice(i, i + 1000).map((id) => ({
        id,
        org_id: where.orgId,
        venue_id: where.venueId,
        table_id: where.tableId,
        party_size: 2,
        guest_name: 'Bench',
      })),
    );
  }
  return sessions;
}

/** POST /api/orders as the session's guest from `address`; resolves on 201. */
export function postGuestOrder(
  agent: http.Agent,
  url: URL,
  order: { id: string; sessionId: string; address: string; items: readonly OrderLine[] },
): Promise<void> {
  const body = JSON.stringify({ id: order.id, sessionId: order.sessionId, items: order.items });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: '/api/orders',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `${GUEST_SESSION_COOKIE}=${signGuestCookie(BENCH_SECRET, order.sessionId)}`,
          [IDEMPOTENCY_HEADER]: order.id,
          'x-forwarded-for': order.address,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 201
            ? resolve()
            : reject(new Error(`Order failed: ${res.statusCode} ${Buffer.concat(chunks).toString()}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

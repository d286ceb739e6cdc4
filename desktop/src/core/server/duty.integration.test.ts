// The terminal refuses a call a staff member's duty does not include (docs/roles.md, "Calls by
// duty"), before its handler runs, as the cloud does. The cases come from the doc's table: every
// call the terminal serves, as every duty, over a real socket with sessions in a real replica.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import Router from '@koa/router';
import { ALL_CALLS, MESSAGES, type MeAnswer, STAFF_DUTIES, STAFF_SESSION_COOKIE } from '@tablewise/shared';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReplica, type Replica } from '../sqlite/replica.js';
import { createSession, putUser } from '../sqlite/repositories/local-auth.js';
import { tempDir } from '../test/fixtures.js';
import type { StaffState } from './deps.js';
import { errorHandler } from './errors.js';
import { serve } from './serve.js';

const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/roles.md'), 'utf8');
const section = doc.slice(doc.indexOf('<!-- duty-calls:start -->'), doc.indexOf('<!-- duty-calls:end -->'));
const lines = section.split('\n').filter((l) => l.startsWith('|'));
const duties = (lines[0] ?? '')
  .split('|')
  .map((c) => c.trim())
  .filter(Boolean)
  .slice(1);
const rows = lines.slice(2).map((line) => {
  const cells = line
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean);
  const id = (cells[0] ?? '').replaceAll('`', '');
  return { id, allowed: Object.fromEntries(duties.map((d, i) => [d, cells[i + 1] === 'yes'])) };
});
const onTerminal = rows.flatMap((r) => {
  const call = ALL_CALLS.find((c) => c.id === r.id && c.tiers.includes('terminal'));
  return call ? [{ ...r, call }] : [];
});

const VENUE = '00000000-0000-4000-8000-0000000000aa';
const now = () => new Date('2026-11-25T18:00:00Z');

let dir: ReturnType<typeof tempDir>;
let replica: Replica;
let server: ReturnType<Koa['listen']>;
let url: string;
const ran = new Map<string, number>();

beforeAll(async () => {
  dir = tempDir();
  replica = openReplica(join(dir.dir, 'replica.db'));
  for (const [i, duty] of STAFF_DUTIES.entries()) {
    const id = `00000000-0000-4000-8000-00000000000${i + 1}`;
    const user = { id, email: `${duty.toLowerCase()}@venue.test`, firstName: null, lastName: null };
    const who: MeAnswer = {
      user,
      principal: { user, organizationId: VENUE, venueId: VENUE, role: 'STAFF', permissions: [], duty },
    };
    const at = now().toISOString();
    putUser(replica.write, { id, email: user.email, passwordHash: 'x', venueId: VENUE, me: who }, at);
    createSession(replica.write, createHash('sha256').update(duty).digest('hex'), id, '2026-11-26T00:00:00Z', at);
  }
  const app = new Koa<StaffState>();
  app.use(errorHandler);
  const router = new Router<StaffState>();
  // Every call the terminal serves, with a handler that only counts: the refusal comes before it.
  for (const { call } of onTerminal) {
    serve(router, { read: replica.read, now }, call, ({ ctx }) => {
      ran.set(call.id, (ran.get(call.id) ?? 0) + 1);
      ctx.status = 204;
      return undefined;
    });
  }
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  replica.close();
  dir.remove();
});

describe('calls by duty, on the terminal (docs/roles.md)', () => {
  it('refuses every call where the table says no, before it runs, and runs it where it says yes', async () => {
    expect(onTerminal.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const { id, call, allowed } of onTerminal) {
      const path = call.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-0000000000ff');
      for (const duty of STAFF_DUTIES) {
        const before = ran.get(id) ?? 0;
        const reply = await fetch(`${url}${path}`, {
          method: call.method,
          headers: { cookie: `${STAFF_SESSION_COOKIE}=${duty}` },
        });
        const body = reply.status === 403 ? ((await reply.json()) as { message: string }) : undefined;
        const refused = body?.message === MESSAGES.notYourDuty;
        const didRun = (ran.get(id) ?? 0) > before;
        if (refused === allowed[duty] || didRun === !allowed[duty]) wrong.push(`${duty} ${id}: ${reply.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

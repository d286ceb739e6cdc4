// The terminal refuses a call that names a permission to a signed-in staff member who does not
// hold it (docs/roles.md), before its handler runs, as the cloud does: over a real socket, with
// the staff app's sessions in a real SQLite replica.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Router from '@koa/router';
import { defineCall, MESSAGES, type MeAnswer, STAFF_SESSION_COOKIE } from '@tablewise/shared';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openReplica, type Replica } from '../sqlite/replica.js';
import { createSession, putUser } from '../sqlite/repositories/local-auth.js';
import { tempDir } from '../test/fixtures.js';
import type { StaffState } from './deps.js';
import { errorHandler } from './errors.js';
import { serve } from './serve.js';

const editMenu = defineCall({
  method: 'POST',
  path: '/api/test/edit-menu',
  summary: 'A test call that needs MANAGE_MENU',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  permission: 'MANAGE_MENU',
  answer: z.object({ ran: z.literal(true) }),
});

const VENUE = '00000000-0000-4000-8000-0000000000aa';
const now = () => new Date('2026-11-25T18:00:00Z');

function me(id: string, role: MeAnswer['principal']['role'], permissions: string[]): MeAnswer {
  const user = { id, email: `${id.slice(-2)}@venue.test`, firstName: null, lastName: null };
  return {
    user,
    principal: {
      user,
      organizationId: '00000000-0000-4000-8000-0000000000bb',
      venueId: VENUE,
      role,
      permissions,
      duty: null,
    },
  };
}

let dir: ReturnType<typeof tempDir>;
let replica: Replica;
let server: ReturnType<Koa['listen']>;
let url: string;
let ran = 0;

beforeAll(async () => {
  dir = tempDir();
  replica = openReplica(join(dir.dir, 'replica.db'));
  const people = {
    runner: me('00000000-0000-4000-8000-000000000001', 'STAFF', ['MANAGE_ORDERS']),
    chef: me('00000000-0000-4000-8000-000000000002', 'STAFF', ['MANAGE_MENU']),
    manager: me('00000000-0000-4000-8000-000000000003', 'MANAGER', []),
  };
  for (const [token, who] of Object.entries(people)) {
    const at = now().toISOString();
    putUser(replica.write, { id: who.user.id, email: who.user.email, passwordHash: 'x', venueId: VENUE, me: who }, at);
    const sessionId = createHash('sha256').update(token).digest('hex');
    createSession(replica.write, sessionId, who.user.id, '2026-11-26T00:00:00Z', at);
  }
  const app = new Koa<StaffState>();
  app.use(errorHandler);
  const router = new Router<StaffState>();
  serve(router, { read: replica.read, now }, editMenu, () => {
    ran += 1;
    return { ran: true as const };
  });
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

const call = (token: string) =>
  fetch(`${url}/api/test/edit-menu`, { method: 'POST', headers: { cookie: `${STAFF_SESSION_COOKIE}=${token}` } });

describe('a call that names a permission, on the terminal', () => {
  it('refuses staff without it with the permission message, and runs nothing', async () => {
    const reply = await call('runner');
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ message: MESSAGES.permissionDenied });
    expect(ran).toBe(0);
    expect((await call('nobody')).status).toBe(401);
  });

  it('runs for staff granted it and for a manager', async () => {
    expect((await call('chef')).status).toBe(200);
    expect((await call('manager')).status).toBe(200);
    expect(ran).toBe(2);
  });
});

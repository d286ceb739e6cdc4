// A call that names a permission is refused, before its handler runs, to staff who do not hold
// it (docs/roles.md); a terminal acting for the venue is not refused. Over a real socket.
import type { AddressInfo } from 'node:net';
import { defineCall, MESSAGES } from '@tablewise/shared';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppState, Principals, StaffActor, TerminalActor } from '../context.js';
import { createLogger } from '../log/logger.js';
import { errorHandler } from '../middleware/error-handler.js';
import { newRouter, serve } from './http.js';

const editMenu = defineCall({
  method: 'POST',
  path: '/api/test/edit-menu',
  summary: 'A test call that needs MANAGE_MENU',
  audience: ['staff', 'terminal'],
  tiers: ['cloud'],
  permission: 'MANAGE_MENU',
  answer: z.object({ ran: z.literal(true) }),
});

const staff = (role: StaffActor['role'], permissions: string[]): StaffActor => ({
  kind: 'staff',
  authSessionId: 's',
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'a@b.test', firstName: null, lastName: null },
  orgId: 'o',
  venueId: 'v',
  role,
  permissions,
});
const terminal: TerminalActor = { kind: 'terminal', terminalId: 't', name: 'Kitchen PC', orgId: 'o', venueId: 'v' };

const WHO: Record<string, Principals> = {
  runner: { staff: staff('STAFF', ['MANAGE_ORDERS']) },
  granted: { staff: staff('STAFF', ['MANAGE_MENU']) },
  assistant: { staff: staff('ASSISTANT_MANAGER', []) },
  terminal: { terminal },
};

let server: ReturnType<Koa['listen']>;
let url: string;
let ran = 0;

beforeAll(async () => {
  const app = new Koa<AppState>();
  app.use(errorHandler({ log: createLogger({ level: 'silent' }) }));
  app.use(async (ctx, next) => {
    ctx.state.principals = WHO[ctx.get('x-who')] ?? {};
    await next();
  });
  const router = newRouter();
  serve(router, editMenu, () => {
    ran += 1;
    return { ran: true as const };
  });
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const call = (who: string) => fetch(`${url}/api/test/edit-menu`, { method: 'POST', headers: { 'x-who': who } });

describe('a call that names a permission', () => {
  it('refuses staff without it, with the permission message, before the handler runs', async () => {
    const reply = await call('runner');
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ message: MESSAGES.permissionDenied, id: 'forbidden' });
    expect(ran).toBe(0);
  });

  it('runs for staff granted it, an assistant manager, and a terminal', async () => {
    for (const who of ['granted', 'assistant', 'terminal']) expect((await call(who)).status, who).toBe(200);
    expect(ran).toBe(3);
  });
});

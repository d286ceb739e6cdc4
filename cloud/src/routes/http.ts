// Small helpers every router shares: the router type, and turning a request into a mutation.
import Router, { type RouterContext } from '@koa/router';
import {
  type Call,
  type CallHandler,
  type CallSpec,
  dutyAllows,
  holdsPermission,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  registerOn,
  serveCall,
  TERMINAL_MUTATION_SEQ_HEADER,
} from '@tablewise/shared';
import type { Actor, AppDeps, AppState, Trx } from '../context.js';
import { actorRef } from '../context.js';
import { forbidden, invalidField } from '../errors.js';
import { type Answer, type MutationMeta, runMutation } from '../mutations.js';

export type Ctx = RouterContext<AppState>;
export type AppRouter = Router<AppState>;

export function newRouter(): AppRouter {
  return new Router<AppState>();
}

function send(ctx: Ctx, answer: Answer): void {
  ctx.status = answer.status;
  ctx.body = answer.body;
  if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
}

/** The request's Idempotency-Key, if it sent one; refused when longer than a key may be. */
export function idempotencyKeyOf(ctx: Ctx): string | undefined {
  const key = ctx.get(IDEMPOTENCY_HEADER).trim();
  if (!key) return undefined;
  if (key.length > 200) throw invalidField(IDEMPOTENCY_HEADER, 'must be at most 200 characters');
  return key;
}

function terminalSeqOf(ctx: Ctx): number | undefined {
  const raw = ctx.get(TERMINAL_MUTATION_SEQ_HEADER).trim();
  if (!raw) return undefined;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw invalidField(TERMINAL_MUTATION_SEQ_HEADER, 'must be a whole number of at least 1');
  }
  return Number(raw);
}

/**
 * Runs a mutation for `actor`, honouring Idempotency-Key and, from a terminal, the mutation
 * sequence; `orgId` owns the idempotency record (the actor's organization).
 */
export async function mutate(
  ctx: Ctx,
  deps: AppDeps,
  actor: Actor | { principal: string; orgId: string },
  effect: (trx: Trx) => Promise<Answer>,
  options: Pick<MutationMeta, 'claimWithFirstRead'> = {},
): Promise<Answer> {
  const principal = 'kind' in actor ? actorRef(actor).principal : actor.principal;
  const seq = 'kind' in actor && actor.kind === 'terminal' ? terminalSeqOf(ctx) : undefined;
  const key = idempotencyKeyOf(ctx);
  const answer = await runMutation(
    deps,
    {
      orgId: actor.orgId,
      principal,
      method: ctx.method,
      path: ctx.path,
      body: ctx.state.body,
      ...(key ? { idempotencyKey: key } : {}),
      ...('kind' in actor && actor.kind === 'terminal' && seq !== undefined
        ? { terminal: { id: actor.terminalId, seq } }
        : {}),
      ...options,
    },
    effect,
  );
  send(ctx, answer);
  return answer;
}

export function ok(body: unknown, status = 200): Answer {
  return { status, body };
}

/**
 * A call that names a permission is refused to staff who do not hold it (docs/roles.md). A
 * terminal acts for the venue: it checked the permission of whoever made the change at the venue.
 */
function requirePermission(ctx: Ctx, call: CallSpec): void {
  const { terminal, staff } = ctx.state.principals;
  if (terminal || !staff || !call.audience.includes('staff')) return;
  if (call.permission && !holdsPermission(staff, call.permission)) throw forbidden();
  // And by duty: a cleaner cannot take a payment, a kitchen screen cannot read payments.
  if (!dutyAllows(staff, call)) throw forbidden(MESSAGES.notYourDuty);
}

/**
 * Routes `call` on `router`: path, parsing and answer from its module in shared. With `when`, the
 * route answers only the requests it accepts and hands the others to the next route of the same
 * path (`/api/reservations/:date` before `/api/reservations/:id`).
 */
export function serve<S extends CallSpec>(
  router: AppRouter,
  call: Call<S>,
  handler: CallHandler<S, Ctx>,
  when?: (ctx: Ctx) => boolean,
): void {
  const register = registerOn(router);
  serveCall<S, Ctx>(
    {
      register: when
        ? (method, path, route) => register(method, path, (ctx, next) => (when(ctx) ? route(ctx) : next()))
        : register,
      readBody: (ctx) => ctx.state.body,
      checkAnswers: Boolean(process.env.VITEST),
    },
    call,
    (request) => {
      requirePermission(request.ctx, call);
      return handler(request);
    },
  );
}

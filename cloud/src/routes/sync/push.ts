// The batch push (Replicache's): a terminal's mutations applied one after another, each exactly as
// its own request would be, answered one by one.
import { AppError, INTERNAL_ERROR_BODY, matchCallPath, type PushAnswer, type PushedMutation } from '@tablewise/shared';
import type { AppDeps, TerminalActor } from '../../context.js';
import { actorRef } from '../../context.js';
import { notFound } from '../../errors.js';
import { type Answer, runMutation } from '../../mutations.js';
import type { Pushable } from '../pushable.js';

/** An answer after which the rest of the batch must not be tried: the terminal sends it again. */
function mustResend(answer: Answer): boolean {
  if (answer.status >= 500) return true;
  const body = answer.body as { id?: unknown } | null;
  return typeof body === 'object' && body !== null && body.id === 'mutation_out_of_order';
}

function refusal(error: AppError): Answer {
  return { status: error.status, body: error.body() };
}

export async function pushBatch(
  deps: AppDeps,
  terminal: TerminalActor,
  mutations: readonly PushedMutation[],
  pushables: readonly Pushable[],
): Promise<PushAnswer> {
  const results: PushAnswer['results'] = [];
  for (const mutation of mutations) {
    const answer = await pushOne(deps, terminal, mutation, pushables);
    results.push({ seq: mutation.seq, status: answer.status, body: answer.body });
    if (mustResend(answer)) break;
  }
  return { results };
}

async function pushOne(
  deps: AppDeps,
  terminal: TerminalActor,
  mutation: PushedMutation,
  pushables: readonly Pushable[],
): Promise<Answer> {
  const route = routeOf(mutation, pushables);
  // As the single request to an unknown path: refused before it takes a number.
  if (!route) return refusal(notFound('Route'));
  try {
    return await runMutation(
      deps,
      {
        orgId: terminal.orgId,
        principal: actorRef(terminal).principal,
        method: mutation.method,
        path: mutation.path,
        body: mutation.body,
        idempotencyKey: mutation.idempotencyKey,
        terminal: { id: terminal.terminalId, seq: mutation.seq },
      },
      (trx) => route.pushable.effect(deps, terminal, { params: route.params, body: mutation.body }, trx),
    );
  } catch (error) {
    if (error instanceof AppError) return refusal(error);
    deps.log(
      `push of mutation ${mutation.seq} ${mutation.method} ${mutation.path} failed: ${(error as Error).stack ?? error}`,
    );
    return { status: 500, body: INTERNAL_ERROR_BODY };
  }
}

function routeOf(mutation: PushedMutation, pushables: readonly Pushable[]) {
  for (const pushable of pushables) {
    if (pushable.call.method !== mutation.method) continue;
    const params = matchCallPath(pushable.call, mutation.path);
    if (params) return { pushable, params };
  }
  return null;
}

// The batch push (Replicache's): a terminal's mutations applied in order in one transaction, each
// exactly as its own request would be, answered one by one.
import { matchCallPath, type PushAnswer, type PushedMutation } from '@tablewise/shared';
import type { AppDeps, TerminalActor } from '../../context.js';
import { actorRef } from '../../context.js';
import { notFound } from '../../errors.js';
import { type Answer, runTerminalMutations, type TerminalMutation } from '../../mutations.js';
import type { Pushable, RawMutation } from '../pushable.js';

export async function pushBatch(
  deps: AppDeps,
  terminal: TerminalActor,
  mutations: readonly PushedMutation[],
  pushables: readonly Pushable[],
): Promise<PushAnswer> {
  // A mutation no route takes is answered as its own request would be, before it takes a number;
  // the batch ends there, and the next push starts from it.
  const runnable: TerminalMutation[] = [];
  let unknown: Answer | null = null;
  for (const mutation of mutations) {
    const route = routeOf(mutation, pushables);
    if (!route) {
      unknown = { status: 404, body: notFound('Route').body() };
      break;
    }
    runnable.push({
      meta: {
        orgId: terminal.orgId,
        principal: actorRef(terminal).principal,
        method: mutation.method,
        path: mutation.path,
        body: mutation.body,
        idempotencyKey: mutation.idempotencyKey,
        terminal: { id: terminal.terminalId, seq: mutation.seq },
      },
      effect: (trx) => route.pushable.effect(deps, terminal, { params: route.params, body: mutation.body }, trx),
      ...together(deps, terminal, route.pushable, { params: route.params, body: mutation.body }),
    });
  }
  const answers = runnable.length > 0 ? await runTerminalMutations(deps, terminal.terminalId, runnable) : [];
  if (unknown && answers.length === runnable.length) answers.push(unknown);
  return {
    results: answers.map(({ status, body }, i) => ({ seq: (mutations[i] as PushedMutation).seq, status, body })),
  };
}

/** A mutation whose call runs its neighbours together (Pushable.effects) says so. */
function together(
  deps: AppDeps,
  terminal: TerminalActor,
  pushable: Pushable,
  raw: RawMutation,
): Pick<TerminalMutation, 'together'> {
  const { effects } = pushable;
  if (!effects) return {};
  return {
    together: {
      with: pushable,
      input: raw,
      run: (trx, inputs) => effects(deps, terminal, inputs as RawMutation[], trx),
    },
  };
}

function routeOf(mutation: PushedMutation, pushables: readonly Pushable[]) {
  for (const pushable of pushables) {
    if (pushable.call.method !== mutation.method) continue;
    const params = matchCallPath(pushable.call, mutation.path);
    if (params) return { pushable, params };
  }
  return null;
}

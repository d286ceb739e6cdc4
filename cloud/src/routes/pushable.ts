// A mutation a terminal's outbox may carry. Its route and the batch push (POST /api/sync/push) run
// the one effect, inside runMutation, so a change pushed either way is applied, numbered and
// answered alike.
import { type Call, type CallInput, type CallSpec, callInput } from '@tablewise/shared';
import type { AppDeps, TerminalActor, Trx, VenueActor } from '../context.js';
import { type AppError, forbidden } from '../errors.js';
import type { Answer } from '../mutations.js';
import { requireVenueActor } from '../policies/principals.js';
import { type AppRouter, mutate, serve } from './http.js';

/** The request as it arrived: params from the path, the body as sent (parsed JSON). */
export interface RawMutation {
  params: Record<string, string | undefined>;
  body: unknown;
}

export interface Pushable {
  call: Call;
  /** Parses the input with the call's schemas inside the mutation, so bad input still takes the
   * terminal's number and keeps its refusal. */
  effect(deps: AppDeps, actor: VenueActor, raw: RawMutation, trx: Trx): Promise<Answer>;
  /**
   * Consecutive mutations of the call run together, with fewer round trips: each answered as
   * `effect` would answer it alone, a refusal as the AppError it would throw (having changed
   * nothing). Throws when the database fails; the batch then runs them one by one.
   */
  effects?(deps: AppDeps, actor: VenueActor, raws: readonly RawMutation[], trx: Trx): Promise<(Answer | AppError)[]>;
}

type Effects<S extends CallSpec> = (
  deps: AppDeps,
  actor: VenueActor,
  inputs: readonly CallInput<S>[],
  trx: Trx,
) => Promise<(Answer | AppError)[]>;

export function pushable<S extends CallSpec>(
  call: Call<S>,
  effect: (deps: AppDeps, actor: VenueActor, input: CallInput<S>, trx: Trx) => Promise<Answer>,
  effects?: Effects<S>,
): Pushable {
  const inputOf = (raw: RawMutation) =>
    callInput(call, { params: () => raw.params, query: () => ({}), body: () => raw.body });
  return {
    call: call as unknown as Call,
    effect: (deps, actor, raw, trx) => effect(deps, actor, inputOf(raw), trx),
    ...(effects && { effects: (deps, actor, raws, trx) => effects(deps, actor, raws.map(inputOf), trx) }),
  };
}

/** For a pushable only a terminal may make (it reports what only the terminal knows): staff are
 * refused inside the mutation, so nothing is written for them. */
export function terminalOnly(actor: VenueActor): TerminalActor {
  if (actor.kind !== 'terminal') throw forbidden();
  return actor;
}

/** The call's own route: staff or a terminal, one mutation per request. */
export function servePushable(router: AppRouter, deps: AppDeps, mutation: Pushable): void {
  serve(router, mutation.call, async ({ ctx }) => {
    const actor = requireVenueActor(ctx);
    await mutate(ctx, deps, actor, (trx) =>
      mutation.effect(deps, actor, { params: ctx.params, body: ctx.state.body }, trx),
    );
    return undefined;
  });
}

import { getSnapshot, listEvents, pushMutations } from '@tablewise/shared';
import { demoPaymentsOn } from '../../commands/payments.js';
import { eventsAfter, snapshot } from '../../commands/sync.js';
import type { AppDeps } from '../../context.js';
import { requireTerminal, requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter, serve } from '../http.js';
import { availabilitySet } from '../menu/router.js';
import { itemCancelled, itemStatusChange } from '../order-items/router.js';
import { courseFired, orderPlaced, priorityChanged } from '../orders/router.js';
import { paymentTaken } from '../payments/router.js';
import { printJobReport } from '../print-jobs/router.js';
import { printerStateReport } from '../printers/router.js';
import {
  reservationBooked,
  reservationCheckedIn,
  reservationModified,
  reservationSeated,
} from '../reservations/router.js';
import { runnerOrderMoved, sentToRunners } from '../runner/router.js';
import { tableDeparted, tableQaCompleted, tableTransitioned } from '../tables/router.js';
import { taskCompleted, taskCreated, taskStarted } from '../tasks/router.js';
import { nextPartyNotified, partyAdded, partyMoved, partySeated } from '../waitlist/router.js';
import { pushBatch } from './push.js';

/** The mutations a terminal's outbox carries. */
const PUSHABLE = [
  itemStatusChange,
  printJobReport,
  printerStateReport,
  partyAdded,
  partyMoved,
  partySeated,
  reservationBooked,
  reservationCheckedIn,
  reservationSeated,
  reservationModified,
  taskCreated,
  taskStarted,
  taskCompleted,
  tableTransitioned,
  tableQaCompleted,
  tableDeparted,
  nextPartyNotified,
  availabilitySet,
  priorityChanged,
  itemCancelled,
  courseFired,
  orderPlaced,
  sentToRunners,
  runnerOrderMoved,
  paymentTaken,
];

export function syncRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, getSnapshot, async ({ ctx }) =>
    snapshot(deps.db, requireVenueActor(ctx), deps.now(), { demoPayments: demoPaymentsOn(deps) }),
  );

  serve(router, listEvents, async ({ ctx, query }) => {
    const actor = requireVenueActor(ctx);
    const { after, limit } = query();
    return eventsAfter(deps.db, actor.venueId, after, limit);
  });

  serve(router, pushMutations, async ({ ctx, body }) => {
    const terminal = requireTerminal(ctx);
    const { mutations } = await body();
    return pushBatch(deps, terminal, mutations, PUSHABLE);
  });

  return router;
}

// Run All Tests (issue 26): the cloud runs the QA dashboard's journeys itself, in the
// organization's QA venue, through the same commands (and so the same shared decisions) the
// product's routes run: a guest checks in at a table's signed code, orders, the course fires, the
// kitchen ticket must come out of the QA kitchen printer (printed by the terminal that drives it),
// the runner delivers, the guest pays with the demo provider's test card, scans the exit code, and
// the table turns over; a waiting party is notified, seated and leaves. Each step's status,
// duration and error is written to the run's row as it ends; the screen polls it. Nothing is
// random. See docs/qa-dashboard.md.
import { randomUUID } from 'node:crypto';
import {
  addToWaitlist,
  type Bill,
  type BrokenButton,
  createOrder as createOrderCall,
  displayMoney,
  guestCheckin,
  journeyStatus,
  processPayment as processPaymentCall,
  QA_TEST_CARD,
  QA_TEXTS,
  QA_TICKET_WAIT_MS,
  type QaJourney,
  type QaRun,
  qaProgress,
  toCents,
} from '@tablewise/shared';
import type { AppDeps, GuestActor, StaffActor, Trx } from '../context.js';
import { writeTransaction } from '../realtime/append-event.js';
import { listMenuItems } from '../repositories/menu.js';
import { listPrinters } from '../repositories/printers.js';
import { saveQaRun, ticketJobsOfOrder } from '../repositories/qa.js';
import { listRunnerRows } from '../repositories/runners.js';
import { findSession } from '../repositories/sessions.js';
import { listTables } from '../repositories/tables.js';
import { completeQa, completeVenueTask, startVenueTask, transitionVenueTable, venueTasks } from './cleaning.js';
import { checkIn, exitQr, tableQr } from './guest.js';
import { isTableFree } from './guest-holds.js';
import { fireCourseNow } from './order-changes.js';
import { changeItemStatus } from './order-items.js';
import { createOrder } from './orders.js';
import { billOf, checkout, processPayment } from './payments.js';
import { QA_STATION } from './qa.js';
import { changeRunnerOrder, sendOrderToRunners } from './runner.js';
import { addParty, moveParty, seatParty } from './waitlist.js';

type JourneyDeps = Pick<AppDeps, 'db' | 'now' | 'secret' | 'publicUrl' | 'payments'> & {
  /** Waits between looks at the kitchen printer's tickets (tests shorten nothing else). */
  sleep?: (ms: number) => Promise<void>;
};

/** What the steps of one journey hand to the next. */
interface Trip {
  tableId?: string;
  tableName?: string;
  sessionId?: string;
  orderId?: string;
  itemIds?: string[];
  waitlistId?: string;
}

class StepFailure extends Error {}

const fail = (message: string): never => {
  throw new StepFailure(message);
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function guestOf(staff: StaffActor, trip: Trip): GuestActor {
  if (!trip.sessionId) return fail('No dining session: check-in did not seat the party');
  return {
    kind: 'guest',
    sessionId: trip.sessionId,
    orgId: staff.orgId,
    venueId: staff.venueId,
    tableId: trip.tableId ?? null,
  };
}

/** The QA venue's first free table for two, by number: the same table every run while it is free. */
async function freeTable(deps: JourneyDeps, staff: StaffActor, end: 'first' | 'last' = 'first') {
  const now = deps.now();
  const tables = (await listTables(deps.db, staff.venueId))
    .filter((t) => t.capacity_max >= 2 && isTableFree(t, now))
    .sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
  return (end === 'first' ? tables[0] : tables.at(-1)) ?? fail('The QA venue has no free table for two');
}

type Step = (trip: Trip) => Promise<string>;

/** A dish with a required choice (a burger's doneness) cannot be ordered plain. */
function needsChoices(groups: unknown): boolean {
  return Array.isArray(groups) && groups.some((g) => (g as { required?: unknown }).required === true);
}

function dineInSteps(deps: JourneyDeps, staff: StaffActor): Record<string, Step> {
  const tx = <T>(work: (trx: Trx) => Promise<T>) => writeTransaction(deps.db, work);
  const sleep = deps.sleep ?? sleepFor;
  return {
    checkin: async (trip) => {
      const table = await freeTable(deps, staff);
      const qr = await tableQr(deps, staff, table.id);
      const input = guestCheckin.body.parse({
        guestName: 'QA Guest',
        partySize: 2,
        tableId: table.id,
        venueId: staff.venueId,
        token: qr.token,
      });
      const result = await tx((trx) => checkIn(trx, deps, input));
      if (result.route !== 'session_created') fail(`Check-in at ${table.name} answered ${result.route}, not a seat`);
      Object.assign(trip, { tableId: table.id, tableName: table.name, sessionId: result.sessionId });
      return `Seated at ${table.name} (session ${result.sessionId.slice(0, 8)})`;
    },
    order: async (trip) => {
      const guest = guestOf(staff, trip);
      const menu = await listMenuItems(deps.db, { orgId: staff.orgId, venueId: staff.venueId });
      const dish =
        menu
          .filter((m) => m.station === QA_STATION && m.is_available && !needsChoices(m.modifiers_schema))
          .sort((a, b) => a.name.localeCompare(b.name))[0] ?? fail(`The QA menu has no available ${QA_STATION} dish`);
      const input = createOrderCall.body.parse({
        sessionId: guest.sessionId,
        items: [{ menuItemId: dish.id, quantity: 1, course: 'main' }],
      });
      const placed = await tx((trx) => createOrder(trx, guest, input, deps.now()));
      // The main course is held for its fire time; the kitchen fires it now, as Fire now does.
      const order = await tx((trx) => fireCourseNow(trx, staff, placed.order.id, { course: 'main' }, deps.now()));
      Object.assign(trip, { orderId: order.id, itemIds: order.items.map((i) => i.id) });
      return `Ordered 1 × ${dish.name}; the main course fired to the ${QA_STATION} station`;
    },
    ticket: async (trip) => {
      const orderId = trip.orderId ?? fail('No order to print');
      const deadline = Date.now() + QA_TICKET_WAIT_MS;
      for (;;) {
        const printer = (await listPrinters(deps.db, staff.venueId)).find(
          (p) => p.station === QA_STATION && !('removed_at' in p && p.removed_at),
        );
        if (!printer) return fail(`The QA venue has no kitchen printer for the ${QA_STATION} station`);
        if (printer.status !== 'ONLINE') {
          return fail(
            `Kitchen printer "${printer.name}" is ${printer.status}${printer.terminal_id ? '' : ' (no terminal drives it)'}: the ticket cannot print`,
          );
        }
        const jobs = await ticketJobsOfOrder(deps.db, staff.venueId, orderId);
        const done = jobs.find((j) => j.status === 'COMPLETED');
        if (done) return `Ticket printed on "${printer.name}"`;
        const failed = jobs.find((j) => j.status === 'FAILED');
        if (failed) return fail(`Kitchen printer "${printer.name}" failed the ticket (job FAILED)`);
        if (Date.now() >= deadline) {
          return fail(
            `No ticket printed within ${QA_TICKET_WAIT_MS / 1000} s: kitchen printer "${printer.name}" is ${printer.status}${jobs.length ? `, its job ${jobs[0]?.status}` : ', no job reported by its terminal'}`,
          );
        }
        await sleep(250);
      }
    },
    delivery: async (trip) => {
      const orderId = trip.orderId ?? fail('No order to deliver');
      for (const id of trip.itemIds ?? []) {
        await tx((trx) => changeItemStatus(trx, staff, id, 'IN_PREP', deps.now()));
        await tx((trx) => changeItemStatus(trx, staff, id, 'READY_FOR_RUN', deps.now()));
      }
      await tx((trx) => sendOrderToRunners(trx, staff, orderId, {}, deps.now()));
      const runner =
        (await listRunnerRows(deps.db, staff.venueId)).find((r) => r.status !== 'offline') ??
        fail('The QA venue has no runner on shift');
      await tx((trx) =>
        changeRunnerOrder(trx, staff, orderId, { status: 'OUT_FOR_DELIVERY', runnerId: runner.id }, deps.now()),
      );
      const delivered = await tx((trx) => changeRunnerOrder(trx, staff, orderId, { status: 'DELIVERED' }, deps.now()));
      return `${runner.name} delivered to ${delivered.tableName ?? trip.tableName}`;
    },
    payment: async (trip) => {
      const guest = guestOf(staff, trip);
      // The QA venue's cards go through the demo provider only (commands/payments.ts), whatever the cloud's own.
      const payDeps = { db: deps.db, now: deps.now, payments: deps.payments };
      const bill: Bill = await tx(async (trx) => {
        const session = (await findSession(trx, guest.sessionId)) ?? fail('The session vanished');
        return billOf(trx, payDeps, session);
      });
      const input = processPaymentCall.body.parse({
        sessionId: guest.sessionId,
        billVersion: bill.version,
        totalAmount: bill.total,
        tipAmount: '0.00',
        splits: [{ id: randomUUID(), amount: bill.total, paymentMethod: 'card' }],
        card: { number: QA_TEST_CARD },
      });
      const outcome = await tx((trx) => processPayment(trx, payDeps, guest, input));
      if (!outcome.ok) return fail(outcome.error.message);
      if (!outcome.answer.bill.complete) fail(`The bill is not complete after paying ${bill.total}`);
      return `Paid ${displayMoney(toCents(bill.total))} by the demo provider's test card`;
    },
    exit: async (trip) => {
      const guest = guestOf(staff, trip);
      const code = exitQr(deps, staff);
      const receipt = await tx((trx) =>
        checkout(trx, deps, guest, {
          sessionId: guest.sessionId,
          qrToken: code.url,
          exitTime: deps.now().toISOString(),
        }),
      );
      return `Exit scanned; receipt total ${displayMoney(toCents(receipt.payment.total))}`;
    },
    turnover: async (trip) => turnTable(deps, staff, trip.tableId ?? fail('No table to turn over')),
  };
}

/** The table's CLEAN task completed and its QA check passed: the table is EMPTY again. */
async function turnTable(deps: JourneyDeps, staff: StaffActor, tableId: string): Promise<string> {
  const tx = <T>(work: (trx: Trx) => Promise<T>) => writeTransaction(deps.db, work);
  const clean = (await venueTasks(deps.db, staff, { type: 'CLEAN' }, deps.now())).find(
    (t) => t.targetTableId === tableId && t.status !== 'COMPLETED',
  );
  if (!clean) return fail('No cleaning task was made for the table after the party left');
  if (clean.status === 'PENDING') await tx((trx) => startVenueTask(trx, staff, clean.id, {}, deps.now()));
  await tx((trx) => completeVenueTask(trx, staff, clean.id, deps.now()));
  const qa = await tx((trx) => completeQa(trx, staff, tableId, { passed: true, issues: [] }, deps.now()));
  if (qa.table.state !== 'EMPTY') fail(`The table is ${qa.table.state} after its QA check, not EMPTY`);
  return `${qa.table.name}: cleaned, QA check passed, EMPTY`;
}

function waitlistSteps(deps: JourneyDeps, staff: StaffActor): Record<string, Step> {
  const tx = <T>(work: (trx: Trx) => Promise<T>) => writeTransaction(deps.db, work);
  return {
    join: async (trip) => {
      const body = addToWaitlist.body.parse({ guestName: 'QA Waiting Party', partySize: 2 });
      const entry = await tx((trx) => addParty(trx, staff, { ...body, id: randomUUID() }, deps.now()));
      trip.waitlistId = entry.id;
      return `In line at place ${entry.position}, quoted ${entry.quotedMinWait}–${entry.quotedMaxWait} min`;
    },
    notify: async (trip) => {
      const id = trip.waitlistId ?? fail('No party in line');
      const entry = await tx((trx) => moveParty(trx, staff, id, 'NOTIFIED', deps.now()));
      if (entry.status !== 'NOTIFIED') fail(`The party is ${entry.status}, not NOTIFIED`);
      return 'Party notified';
    },
    seat: async (trip) => {
      const id = trip.waitlistId ?? fail('No party in line');
      // The other end of the floor from the dine-in party's table.
      const table = await freeTable(deps, staff, 'last');
      const seated = await tx((trx) => seatParty(trx, staff, id, { tableId: table.id }, deps.now()));
      Object.assign(trip, { tableId: table.id, tableName: table.name, sessionId: seated.sessionId ?? undefined });
      return `Seated at ${table.name}`;
    },
    leave: async (trip) => {
      const tableId = trip.tableId ?? fail('No table was seated');
      // They leave without ordering: staff send the table to cleaning (a seated party that paid
      // nothing cannot be marked departed), and it turns over.
      await tx((trx) => transitionVenueTable(trx, staff, tableId, { state: 'CLEANING' }, deps.now()));
      return turnTable(deps, staff, tableId);
    },
  };
}

/** The journeys' steps by journey id (QA_JOURNEYS). */
function stepsOf(deps: JourneyDeps, staff: StaffActor): Record<string, Record<string, Step>> {
  return { 'dine-in': dineInSteps(deps, staff), waitlist: waitlistSteps(deps, staff) };
}

/**
 * Runs every journey of `run` in order, writing the run after each step starts and ends, then the
 * broken-button scan (85%), then the end (100%). A step that throws fails with its message; the
 * journey's later steps stay pending. Never throws: an unexpected error fails the step it met.
 */
export async function runJourneys(
  deps: JourneyDeps,
  staff: StaffActor,
  run: QaRun,
  scanButtons: () => Promise<BrokenButton[]>,
): Promise<void> {
  const journeys: QaJourney[] = structuredClone(run.journeys);
  let broken: BrokenButton[] = [];
  const save = async (currentStep: string, phase: 'journeys' | 'scan' | 'done') => {
    for (const j of journeys) j.status = journeyStatus(j.steps);
    const at = deps.now();
    await saveQaRun(deps.db, run.id, {
      status: phase === 'done' ? 'done' : 'running',
      progress: qaProgress(journeys, phase),
      current_step: currentStep,
      journeys_json: journeys,
      broken_json: broken,
      updated_at: at,
      ...(phase === 'done' ? { finished_at: at } : {}),
    });
  };
  const all = stepsOf(deps, staff);
  for (const journey of journeys) {
    const trip: Trip = {};
    const steps = all[journey.id] ?? {};
    for (const step of journey.steps) {
      const act = steps[step.id];
      step.status = 'running';
      await save(`${journey.name}: ${step.name}`, 'journeys');
      const started = Date.now();
      try {
        if (!act) throw new StepFailure(`No step ${step.id}`);
        step.details = await act(trip);
        step.status = 'pass';
      } catch (error) {
        step.status = 'fail';
        step.error = error instanceof Error ? error.message : String(error);
        step.details = QA_TEXTS.stepFailed(step.name);
      }
      step.duration = Date.now() - started;
      if (step.status === 'fail') break;
    }
    await save(`${journey.name}: ${journeyStatus(journey.steps) === 'fail' ? 'failed' : 'passed'}`, 'journeys');
  }
  await save('Broken-button scan', 'scan');
  try {
    broken = await scanButtons();
  } catch (error) {
    const issue = error instanceof Error ? error.message : String(error);
    broken = [
      {
        page: 'QA Dashboard',
        testId: 'qa-scan',
        element: 'Broken-button scan',
        issue,
        priority: 'high',
        route: '/qa-dashboard',
      },
    ];
  }
  await save(QA_TEXTS.testingComplete, 'done');
}

// The QA dashboard (issue 26; spec 3 sections 2, 4 and 7): the organization's isolated QA venue,
// its seed status, its seeding, and Run All Tests, whose journeys the cloud runs itself in that
// venue (commands/qa-journeys.ts) while the screen polls the run. See docs/qa-dashboard.md.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  conflict,
  NewPrinter,
  PRINTING,
  QA_JOURNEYS,
  QA_KITCHEN_PRINTER,
  QA_SEED_PRODUCTS,
  QA_TEXTS,
  QA_VENUE_NAME,
  type QaJourney,
  QaRun,
  type SeedAnswer,
  type SmokeTestAnswer,
} from '@tablewise/shared';
import type { AppDeps, Queryable, StaffActor, Trx } from '../context.js';
import { findPrinterNamed } from '../repositories/printers.js';
import {
  countOf,
  findQaVenue,
  insertQaRun,
  insertQaVenue,
  insertQaVenueRoleIfNone,
  insertRunnerIfNone,
  latestQaRun,
  lockQaRuns,
  lockQaSeed,
  type QaRunRow,
} from '../repositories/qa.js';
import { findVenue } from '../repositories/venues.js';
import { populateDemo } from './demo.js';
import { addPrinter } from './printing.js';

/** The station whose printer the seed adds and whose dish the journeys order. */
export const QA_STATION = 'Grill';

/** A run whose instance has not written it for this long is taken as abandoned (the instance died). */
const QA_RUN_STALE_MS = 2 * 60_000;

/** The staff member acting in the organization's QA venue, with their own role and rights. */
export function inQaVenue(staff: StaffActor, venueId: string): StaffActor {
  return { ...staff, venueId };
}

async function counts(q: Queryable, venueId: string) {
  return {
    tables: await countOf(q, 'tables', venueId),
    menuItems: await countOf(q, 'menu_items', venueId),
    printers: await countOf(q, 'printers', venueId),
  };
}

/** GET /api/admin/smoke-test: the QA venue's counts; zeros before the first seed. */
export async function smokeTest(q: Queryable, staff: StaffActor): Promise<SmokeTestAnswer> {
  const venue = await findQaVenue(q, staff.orgId);
  if (!venue) return { success: true, dataCount: { tables: 0, menuItems: 0, printers: 0 }, venue: null };
  return { success: true, dataCount: await counts(q, venue.id), venue: { id: venue.id, name: venue.name } };
}

/**
 * POST /api/admin/seeds/{product}: the QA venue, made once per organization (it does not count
 * against the plan's venues), filled with the demo floor, menu and line through Load Demo Data's
 * own writes, a kitchen printer for the journeys' station and a runner. Nothing is added twice.
 */
export async function seedQa(trx: Trx, staff: StaffActor, product: string, now: Date): Promise<SeedAnswer> {
  if (!(QA_SEED_PRODUCTS as readonly string[]).includes(product)) {
    throw new AppError(404, 'not_found', QA_TEXTS.unknownSeedProduct(product));
  }
  await lockQaSeed(trx, staff.orgId);
  let venue = await findQaVenue(trx, staff.orgId);
  if (!venue) {
    const home = await findVenue(trx, staff.venueId);
    await insertQaVenue(trx, {
      id: randomUUID(),
      org_id: staff.orgId,
      name: QA_VENUE_NAME,
      tz: home?.tz ?? 'UTC',
      at: now,
    });
    venue = await findQaVenue(trx, staff.orgId);
    if (!venue) throw new Error('The QA venue was not inserted');
  }
  // Whoever seeds it may open it (the header's venue selector) to pair its kitchen PC and give it
  // the kitchen printer: a manager whose role is one venue's could not reach it otherwise, and the
  // ticket step could never pass.
  await insertQaVenueRoleIfNone(trx, {
    userId: staff.user.id,
    orgId: staff.orgId,
    venueId: venue.id,
    role: staff.role,
    permissions: staff.permissions,
    duty: staff.duty ?? null,
    at: now,
  });
  const actor = inQaVenue(staff, venue.id);
  await populateDemo(trx, actor, now);
  if (!(await findPrinterNamed(trx, venue.id, QA_KITCHEN_PRINTER, null))) {
    await addPrinter(
      trx,
      actor,
      NewPrinter.parse({
        name: QA_KITCHEN_PRINTER,
        location: 'QA kitchen',
        station: QA_STATION,
        connection: 'tcp',
        host: '127.0.0.1',
        port: PRINTING.defaultPort,
      }),
      now,
    );
  }
  await insertRunnerIfNone(trx, {
    id: randomUUID(),
    org_id: staff.orgId,
    venue_id: venue.id,
    name: 'QA Runner',
    zone: 'Dining Room',
  });
  return {
    success: true,
    error: null,
    dataCount: await counts(trx, venue.id),
    venue: { id: venue.id, name: venue.name },
  };
}

/** Every journey with its steps, all pending. */
function pendingJourneys(): QaJourney[] {
  return QA_JOURNEYS.map((j) => ({
    id: j.id,
    name: j.name,
    description: j.description,
    status: 'pending',
    steps: j.steps.map((s) => ({
      id: s.id,
      name: s.name,
      status: 'pending',
      priority: s.priority,
      duration: null,
      error: null,
      details: null,
    })),
  }));
}

function presentQaRun(row: QaRunRow): QaRun {
  return QaRun.parse({
    id: row.id,
    venueId: row.venue_id,
    status: row.status,
    progress: row.progress,
    currentStep: row.current_step,
    journeys: row.journeys_json,
    brokenButtons: row.broken_json,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  });
}

export async function latestRun(q: Queryable, staff: StaffActor): Promise<{ run: QaRun | null }> {
  const row = await latestQaRun(q, staff.orgId);
  return { run: row ? presentQaRun(row) : null };
}

/**
 * Run All Tests, its row: refused before the QA venue is seeded ('Please seed database first') and
 * while another run of the organization is going. The caller then runs the journeys.
 */
export async function openQaRun(
  trx: Trx,
  deps: Pick<AppDeps, 'now'>,
  staff: StaffActor,
): Promise<{ run: QaRun; venueId: string }> {
  const venue = await findQaVenue(trx, staff.orgId);
  const seeded = venue ? await counts(trx, venue.id) : null;
  if (!venue || !seeded || seeded.tables === 0 || seeded.menuItems === 0) {
    throw conflict(QA_TEXTS.pleaseSeedFirst, 'conflict');
  }
  await lockQaRuns(trx, staff.orgId);
  const now = deps.now();
  const last = await latestQaRun(trx, staff.orgId);
  if (last?.status === 'running' && now.getTime() - last.updated_at.getTime() < QA_RUN_STALE_MS) {
    throw conflict(QA_TEXTS.runInProgress, 'conflict');
  }
  const row: Omit<QaRunRow, 'finished_at'> = {
    id: randomUUID(),
    org_id: staff.orgId,
    venue_id: venue.id,
    started_by: staff.user.id,
    status: 'running',
    progress: 0,
    current_step: '',
    journeys_json: pendingJourneys(),
    broken_json: [],
    started_at: now,
    updated_at: now,
  };
  await insertQaRun(trx, row);
  return { run: presentQaRun({ ...row, finished_at: null }), venueId: venue.id };
}

// The kitchen display's figures (spec 2 sections 2.6 and 9): age, lateness, progress, station
// efficiency and the expo view. Pure: the time comes in as an argument.
import { KITCHEN } from '../constants.js';
import type { Course, KitchenItem, OrderItemState } from '../schemas/entities.js';

/** The station an item without one is listed under. */
const UNASSIGNED_STATION = 'General';

export const KITCHEN_PRIORITY_FILTERS = ['all', 'high', 'urgent'] as const;
export type KitchenPriorityFilter = (typeof KITCHEN_PRIORITY_FILTERS)[number];

type Timed = Pick<KitchenItem, 'createdAt' | 'fireAt'>;

export function prepTimeMinutes(item: Pick<KitchenItem, 'menuItem'>): number {
  return item.menuItem.prepTime ?? KITCHEN.defaultPrepTimeMinutes;
}

/**
 * Whole minutes the item has been in the kitchen at `now`. A coursed item reaches the kitchen
 * when its course fires, so the clock starts at the later of ordering and firing; otherwise a
 * dessert held for an hour would be late the moment it appears.
 */
export function kitchenAgeMinutes(item: Timed, now: Date): number {
  const start = Math.max(Date.parse(item.createdAt), Date.parse(item.fireAt));
  if (Number.isNaN(start)) throw new Error(`Item has no valid time: ${item.createdAt} / ${item.fireAt}`);
  return Math.max(0, Math.floor((now.getTime() - start) / 60_000));
}

/**
 * Late when the age exceeds the prep time plus the grace of 5 minutes.
 * @internal exported for its tests
 */
export function isLate(ageMinutes: number, prepMinutes: number): boolean {
  return ageMinutes > prepMinutes + KITCHEN.lateGraceMinutes;
}

/** Age as a share of prep time, in percent, capped at 100. */
export function progressPercent(ageMinutes: number, prepMinutes: number): number {
  if (prepMinutes <= 0) return 100;
  return Math.min(100, (Math.max(0, ageMinutes) / prepMinutes) * 100);
}

/** Whether a card takes the alert styling: urgent priority, or late while still being worked. */
export function needsAlert(item: KitchenItem, now: Date): boolean {
  if (item.priority === 'urgent') return true;
  if (item.held || item.status === 'READY_FOR_RUN') return false;
  return isLate(kitchenAgeMinutes(item, now), prepTimeMinutes(item));
}

export function stationOf(item: Pick<KitchenItem, 'menuItem'>): string {
  return item.menuItem.station ?? UNASSIGNED_STATION;
}

export function matchesPriority(item: Pick<KitchenItem, 'priority'>, filter: KitchenPriorityFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'high':
      return item.priority === 'high';
    case 'urgent':
      return item.priority === 'urgent';
    default: {
      const never: never = filter;
      throw new Error(`Unknown priority filter ${String(never)}`);
    }
  }
}

interface StationCounts {
  pending: number;
  inPrep: number;
  ready: number;
}

/**
 * ready / (pending + inPrep + ready) × 100, and 100 when nothing is pending or in preparation.
 * @internal exported for its tests
 */
export function stationEfficiency(counts: StationCounts): number {
  if (counts.pending + counts.inPrep === 0) return 100;
  return (counts.ready / (counts.pending + counts.inPrep + counts.ready)) * 100;
}

type Bucket = 'held' | 'pending' | 'inPrep' | 'ready' | 'other';

function bucketOf(status: OrderItemState): Bucket {
  switch (status) {
    case 'CREATED':
    case 'CONFIRMED':
      return 'held';
    case 'SENT_TO_KITCHEN':
      return 'pending';
    case 'IN_PREP':
    case 'PAUSE':
      return 'inPrep';
    case 'READY_FOR_RUN':
      return 'ready';
    case 'OUT_FOR_DELIVERY':
    case 'DELIVERED':
    case 'CLOSED':
    case 'RETURN_REQUESTED':
      return 'other';
    default: {
      const never: never = status;
      throw new Error(`Unknown item status ${String(never)}`);
    }
  }
}

export interface StationStats extends StationCounts {
  station: string;
  held: number;
  late: number;
  efficiency: number;
}

/** One row per station, in name order: counts, late items and efficiency. */
export function stationStats(items: readonly KitchenItem[], now: Date): StationStats[] {
  const byStation = new Map<string, StationStats>();
  for (const item of items) {
    const station = stationOf(item);
    let row = byStation.get(station);
    if (!row) {
      row = { station, held: 0, pending: 0, inPrep: 0, ready: 0, late: 0, efficiency: 100 };
      byStation.set(station, row);
    }
    const bucket = bucketOf(item.status);
    if (bucket !== 'other') row[bucket] += 1;
    if ((bucket === 'pending' || bucket === 'inPrep') && isLate(kitchenAgeMinutes(item, now), prepTimeMinutes(item))) {
      row.late += 1;
    }
  }
  const rows = [...byStation.values()].sort((a, b) => a.station.localeCompare(b.station));
  for (const row of rows) row.efficiency = stationEfficiency(row);
  return rows;
}

/** Items per station (for the station tabs), counting only what the cards would show. */
export function stationCounts(items: readonly Pick<KitchenItem, 'menuItem'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(stationOf(item), (counts.get(stationOf(item)) ?? 0) + 1);
  return new Map([...counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** What can go to the pass now: the ready items of one course of one order (issue 22). */
export interface ReadyToRun {
  orderId: string;
  course: Course;
  tableNumber: string | null;
  /** Ready and not on the pass yet: what Send to Runner sends, as a ticket of its own. */
  ready: KitchenItem[];
  /** Ready and on the pass, waiting for a runner. */
  sent: KitchenItem[];
  /** Items of this course still cooking: they follow on a ticket of their own when ready. */
  cooking: number;
  /** The order's items of other courses not ready yet (held or cooking); they follow later. */
  later: number;
}

/** The order courses are served in, for the pass: drinks first, dessert last. */
const SERVING_ORDER: readonly Course[] = ['drink', 'appetizer', 'main', 'dessert'];

/**
 * Ready to run (issue 22): expo works by what is ready. Each course of an order with an item ready
 * is one group on the pass, whatever the order's other courses are doing (held for later, or
 * cooking): its ready items go to the runners as a ticket while the rest follows on tickets of
 * their own. Oldest order first, its courses in serving order. `onPass` names the items already
 * on a runner's ticket.
 */
export function readyToRun(items: readonly KitchenItem[], onPass: ReadonlySet<string> = new Set()): ReadyToRun[] {
  const byOrder = new Map<string, KitchenItem[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  const isReady = (i: KitchenItem) => i.status === 'READY_FOR_RUN';
  const groups: { group: ReadyToRun; oldest: number }[] = [];
  for (const [orderId, list] of byOrder) {
    const oldest = Math.min(...list.filter(isReady).map((i) => Date.parse(i.createdAt)));
    for (const course of SERVING_ORDER) {
      const mine = list.filter((i) => i.course === course);
      const ready = mine.filter((i) => isReady(i) && !onPass.has(i.id));
      const sent = mine.filter((i) => isReady(i) && onPass.has(i.id));
      if (ready.length === 0 && sent.length === 0) continue;
      groups.push({
        oldest,
        group: {
          orderId,
          course,
          tableNumber: list[0]?.tableNumber ?? null,
          ready,
          sent,
          cooking: mine.length - ready.length - sent.length,
          later: list.filter((i) => i.course !== course && !isReady(i)).length,
        },
      });
    }
  }
  // A stable sort: an order's courses stay in serving order.
  return groups.sort((a, b) => a.oldest - b.oldest).map((g) => g.group);
}

export interface TicketTime {
  station: string | null;
  firedAt: Date;
  readyAt: Date;
}

export interface StationTicketTimes {
  station: string;
  tickets: number;
  averageMinutes: number;
  longestMinutes: number;
}

/** Per station, in name order: how many items went from fired to ready, their average and longest
 * time in minutes (an item readied before its recorded fire counts as 0). */
export function ticketTimesByStation(times: readonly TicketTime[]): StationTicketTimes[] {
  const byStation = new Map<string, number[]>();
  for (const t of times) {
    const station = t.station ?? UNASSIGNED_STATION;
    const minutes = Math.max(0, (t.readyAt.getTime() - t.firedAt.getTime()) / 60_000);
    byStation.set(station, [...(byStation.get(station) ?? []), minutes]);
  }
  return [...byStation.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([station, minutes]) => ({
      station,
      tickets: minutes.length,
      averageMinutes: minutes.reduce((a, b) => a + b, 0) / minutes.length,
      longestMinutes: Math.max(...minutes),
    }));
}

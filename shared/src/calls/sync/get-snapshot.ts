import { z } from 'zod';
import { TicketedItem } from '../../protocol/events.js';
import {
  DiningSession,
  MenuItem,
  Order,
  Printer,
  Reservation,
  Table,
  Venue,
  WaitlistEntry,
} from '../../schemas/entities.js';
import { Payment } from '../../schemas/payment.js';
import { Runner, RunnerOrder } from '../../schemas/runner.js';
import { Task } from '../../schemas/task.js';
import { defineCall } from '../define.js';
import { LayoutVersion } from '../floor-layout/layout-version.js';

export const SnapshotAnswer = z.object({
  /** The venue's event sequence the snapshot is consistent with: the sync cursor. */
  seq: z.number().int(),
  /** The cloud database's identity: a cursor is only meaningful within one epoch. */
  epoch: z.string().min(1),
  venue: Venue,
  tables: z.array(Table),
  menuItems: z.array(MenuItem),
  /** The dining sessions still at their tables, so the replica knows which orders are open. */
  sessions: z.array(DiningSession),
  orders: z.array(Order),
  printers: z.array(Printer),
  /** The parties still in line. Absent from an older cloud's answer. */
  waitlist: z.array(WaitlistEntry).default([]),
  /** The open orders' items a kitchen ticket was made for (by any terminal): never ticketed again.
   * Absent from an older cloud's answer. */
  ticketed: z.array(TicketedItem).default([]),
  /** The reservations from yesterday on, for the host's screens. Absent from an older cloud's answer. */
  reservations: z.array(Reservation).default([]),
  /** The unfinished tasks and those finished in the last day, for the cleaner console. Absent from
   * an older cloud's answer. */
  tasks: z.array(Task).default([]),
  /** The orders with the runners and those delivered lately. Absent from an older cloud's answer. */
  runnerOrders: z.array(RunnerOrder).default([]),
  /** The venue's runners. Absent from an older cloud's answer. */
  runners: z.array(Runner).default([]),
  /** The payments of the sessions still at their tables and the venue's latest (as many as the
   * payments list shows), for the bill and the payments list. Absent from an older cloud's answer. */
  payments: z.array(Payment).default([]),
  /** Whether the cloud takes cards through its demo provider (the bill says so). Absent from an
   * older cloud's answer: no. */
  demoPayments: z.boolean().default(false),
  /** The floor layout last published (zones, decor and tables), for the live floor; null when the
   * venue never published one. Absent from an older cloud's answer. */
  floorLayout: LayoutVersion.nullable().default(null),
});
export type SnapshotAnswer = z.infer<typeof SnapshotAnswer>;

/** Everything a terminal's replica starts from, consistent with one sequence number. */
export const getSnapshot = defineCall({
  method: 'GET',
  path: '/api/sync/snapshot',
  summary: "The venue's data as of one event sequence number",
  audience: ['terminal', 'staff'],
  tiers: ['cloud'],
  answer: SnapshotAnswer,
});

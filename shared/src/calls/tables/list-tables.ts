import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { compareTables } from '../../rules/table-order.js';
import { IsoDateTime } from '../../schemas/common.js';
import { Table } from '../../schemas/entities.js';
import type { Audience } from '../define.js';
import { defineCall } from '../define.js';

/** `1` or `true` turns a filter on; anything else leaves it off. */
const Flag = z
  .string()
  .max(10, { error: MESSAGES.textTooLong(10) })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** The seat-selection reads: available=1, capacity=N, accessibility=1 (spec 3 section 7). */
export const TablesQuery = z.object({
  available: Flag,
  capacity: z
    .string()
    .regex(/^\d{0,2}$/, { error: 'must be a whole number' })
    .optional()
    .transform((v) => (v ? Number(v) : undefined)),
  accessibility: Flag,
});
export type TablesQuery = z.output<typeof TablesQuery>;

/** What a guest's phone reads beyond the staff columns (spec 3 section 3's table guest view), the
 * same as GET /api/guest/tables answers: with a guest's cookie, seat selection reads it here too. */
const GuestViewFields = z
  .object({
    x: z.number(),
    y: z.number(),
    hasView: z.boolean(),
    hasPlugs: z.boolean(),
    isQuiet: z.boolean(),
    available: z.boolean(),
    heldByYouUntil: IsoDateTime.nullable(),
  })
  .partial();

export const TablesAnswer = z.array(Table.extend(GuestViewFields.shape));
export type TablesAnswer = z.infer<typeof TablesAnswer>;

export const listTables = defineCall({
  method: 'GET',
  path: '/api/tables',
  summary: "The venue's tables in number order, optionally only those a party could take",
  audience: ['staff', 'terminal', 'guest'],
  tiers: ['cloud', 'terminal'],
  query: TablesQuery,
  answer: TablesAnswer,
  staleOn: ['table.state.changed', 'guest.checkedin', 'table.selected', 'floor.published'],
});

/** The answer from the venue's tables as stored; guests do not learn who sits at the others. */
export function tablesAnswer(
  tables: readonly Table[],
  query: TablesQuery,
  audience: Audience,
  isAvailable: (table: Table) => boolean,
): TablesAnswer {
  return tables
    .filter(
      (t) =>
        (!query.available || isAvailable(t)) &&
        (query.capacity === undefined || t.capacityMax >= query.capacity) &&
        (!query.accessibility || t.isAccessible),
    )
    .sort(compareTables)
    .map((t) => (audience === 'guest' ? guestViewOfTable(t) : t));
}

/** A table as a guest may see it: not who sits there, how many, or since when. */
export function guestViewOfTable(table: Table): Table {
  return { ...table, partyName: null, guestCount: null, timeSeated: null };
}

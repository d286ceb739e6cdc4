import { z } from 'zod';
import { MAP_VIEW_BOX } from '../../constants.js';
import { FLOOR_SHAPES } from '../../rules/floor-layout.js';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { defineCall } from '../define.js';
import { TablesQuery } from '../tables/list-tables.js';

/**
 * A table as seat selection shows it (spec 3 section 3's guest view): where it is and what it
 * offers, whether it is free, and whether this guest holds it. Nothing about who sits at it.
 */
/** Where the venue's published floor layout draws a table: its corner, size and rotation in the
 * layout's units, and its shape. */
export const GuestTablePlace = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
  rotation: z.number(),
  shape: z.enum(FLOOR_SHAPES),
});
export type GuestTablePlace = z.infer<typeof GuestTablePlace>;

export const GuestTable = z.object({
  id: Id,
  name: z.string(),
  /** Its number on the floor ("12", "B3"). */
  number: z.string(),
  zone: z.string().nullable(),
  /** The most the table seats. */
  capacity: z.number().int(),
  /** Its place on the 800 by 600 map. */
  x: z.number().min(0).max(MAP_VIEW_BOX.width),
  y: z.number().min(0).max(MAP_VIEW_BOX.height),
  isAccessible: z.boolean(),
  hasView: z.boolean(),
  hasPlugs: z.boolean(),
  isQuiet: z.boolean(),
  /** Free for a new party: empty, or a guest's hold that ran out. */
  available: z.boolean(),
  /** This guest's live hold on it ends then; null when this guest does not hold it. */
  heldByYouUntil: IsoDateTime.nullable(),
  /** Its place on the venue's published floor (issue 25); null while the venue has published no
   * layout, and seat selection draws its own map from `x` and `y`. */
  place: GuestTablePlace.nullable(),
});
export type GuestTable = z.infer<typeof GuestTable>;

/**
 * The guest's tables: the seat-selection read of spec 3 section 7 (available=1, capacity=N,
 * accessibility=1), in the guest view. The staff call at /api/tables answers the staff view.
 */
export const listGuestTables = defineCall({
  method: 'GET',
  path: '/api/guest/tables',
  summary: "The guest's venue's tables as seat selection shows them, optionally only those the party could take",
  audience: ['guest'],
  tiers: ['cloud'],
  query: TablesQuery,
  answer: z.array(GuestTable),
  staleOn: ['table.state.changed', 'table.selected'],
});

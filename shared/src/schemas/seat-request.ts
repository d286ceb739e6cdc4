// A guest's table choice waiting for the host (issue 27, finding 1): with the venue's "host approves
// self-seating" on, a guest's confirmation of a held table becomes a request the host approves
// (the party sits down) or declines (the table is free again). It expires if nobody answers.
import { z } from 'zod';
import { Id, IsoDateTime } from './common.js';

const TABLE_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED', 'CANCELLED'] as const;
export const TableRequestStatus = z.enum(TABLE_REQUEST_STATUSES);
export type TableRequestStatus = z.infer<typeof TableRequestStatus>;

export const TableRequest = z.object({
  id: Id,
  venueId: Id,
  sessionId: Id,
  tableId: Id,
  tableName: z.string(),
  guestName: z.string().nullable(),
  partySize: z.number().int().positive(),
  status: TableRequestStatus,
  createdAt: IsoDateTime,
  /** Until when the table is held for it; a request nobody answers by then expires. */
  expiresAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
});
export type TableRequest = z.infer<typeof TableRequest>;

import { z } from 'zod';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { defineCall } from '../define.js';

const HoldTableRequest = z.object({ tableId: Id });

export const HoldTableAnswer = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  tableId: Id,
  tableName: z.string(),
  /** The hold ends then, about 3 minutes after it was taken; confirm before. */
  expiresAt: IsoDateTime,
});
export type HoldTableAnswer = z.infer<typeof HoldTableAnswer>;

/**
 * Holds a free table for the guest's party (spec 3 section 4). Holding the table the guest already
 * holds answers the same hold (a refreshed page continues it); a table another guest holds, or a
 * second table while a hold is live, is refused with 'Table Already Reserved' (409).
 */
export const holdTable = defineCall({
  method: 'POST',
  path: '/api/guest/hold-table',
  summary: 'Hold a table for the guest for about 3 minutes',
  audience: ['guest'],
  tiers: ['cloud'],
  body: HoldTableRequest,
  answer: HoldTableAnswer,
});

/** Lets go of the guest's hold (the Cancel button): the table is free again at once. */
export const releaseTable = defineCall({
  method: 'POST',
  path: '/api/guest/release-table',
  summary: "Release the guest's hold on a table",
  audience: ['guest'],
  tiers: ['cloud'],
  body: HoldTableRequest,
  answer: z.object({ success: z.boolean(), tableId: Id }),
});

import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

export const TableQrCodes = z.object({
  venueName: z.string(),
  /** The venue's time zone: a sheet for a venue in the Americas defaults to Letter paper. */
  timezone: z.string(),
  codes: z.array(z.object({ tableId: Id, number: z.string(), name: z.string(), url: z.string() })),
});
export type TableQrCodes = z.infer<typeof TableQrCodes>;

/**
 * Every table's signed check-in link at once, in table-number order, for the printable QR sheet
 * (issue 25: a PDF, A4 or Letter, made in the staff app). Only the cloud signs them.
 */
export const listTableQrCodes = defineCall({
  method: 'GET',
  path: '/api/table-qr-codes',
  summary: "Every table's signed check-in link, for the printable QR sheet",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: TableQrCodes,
  staleOn: ['floor.published'],
  permission: 'MANAGE_SETTINGS',
});

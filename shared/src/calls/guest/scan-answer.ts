import { z } from 'zod';
import { Id } from '../../schemas/common.js';

export const ScanTableRequest = z.object({
  qrData: z.string().min(1, { error: 'qrData is required' }),
  expectedTableId: Id.optional(),
});
export type ScanTableRequest = z.input<typeof ScanTableRequest>;

/** What a scanned code leads to (spec 3 section 4). */
export const ScanAnswer = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  redirectUrl: z.string().optional(),
  type: z.string().optional(),
  tableName: z.string().optional(),
  tableId: Id.optional(),
  venueId: Id.optional(),
  sessionId: Id.optional(),
});
export type ScanAnswer = z.infer<typeof ScanAnswer>;

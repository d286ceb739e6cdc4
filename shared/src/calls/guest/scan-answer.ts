import { z } from 'zod';
import { boundedText, Id } from '../../schemas/common.js';

/** A table's signed token (a few hundred characters at most, with room for what it may carry). */
export const QrToken = boundedText(512);

export const ScanTableRequest = z.object({
  /** What the camera read: the check-in link with its token, or the bare token. */
  qrData: boundedText(2048).min(1, { error: 'qrData is required' }),
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
  /** The venue's name, for check-in to say where the guest is (issue 22, item 12). */
  venueName: z.string().optional(),
  sessionId: Id.optional(),
});
export type ScanAnswer = z.infer<typeof ScanAnswer>;

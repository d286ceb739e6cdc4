// The schemas every floor-layout call shares: a saved version of the venue's layout and who
// saved it, when.
import { z } from 'zod';
import { FloorLayout } from '../../rules/floor-layout.js';
import { IsoDateTime } from '../../schemas/common.js';

export const LayoutVersionSummary = z.object({
  version: z.number().int().positive(),
  savedBy: z.string(),
  savedAt: IsoDateTime,
  /** What the version is: a save, a restore of an older one, or what Publish numbered and linked. */
  note: z.string().nullable(),
  /** When this version was published, or null. */
  publishedAt: IsoDateTime.nullable(),
  tables: z.number().int(),
  zones: z.number().int(),
});
export type LayoutVersionSummary = z.infer<typeof LayoutVersionSummary>;

export const LayoutVersion = LayoutVersionSummary.extend({ layout: FloorLayout });
export type LayoutVersion = z.infer<typeof LayoutVersion>;

/** The version a change was made over: null for a venue's first layout. A change over anything but
 * the latest version is refused with 409 naming who saved the latest and when. */
export const BaseVersion = z.number().int().nonnegative().nullable();

/** `/versions/:version`: a whole number. */
export const VersionParams = z.object({
  version: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'must be a version number' })
    .transform(Number),
});

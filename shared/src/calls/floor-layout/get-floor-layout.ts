import { z } from 'zod';
import { defineCall } from '../define.js';
import { LayoutVersion } from './layout-version.js';

/** @internal */
export const FloorLayoutAnswer = z.object({
  /** The latest saved version, or null when the venue has never saved a layout. */
  current: LayoutVersion.nullable(),
  /** The version the venue's tables were last published from, or null. */
  publishedVersion: z.number().int().nullable(),
});
export type FloorLayoutAnswer = z.infer<typeof FloorLayoutAnswer>;

/** A terminal's answer (one builder, so the screens read both tiers alike): its replica keeps the
 * version last published, not the drafts saved since, which only the cloud's designer edits. */
export function publishedLayoutAnswer(published: LayoutVersion | null): FloorLayoutAnswer {
  return { current: published, publishedVersion: published?.version ?? null };
}

/** The venue's floor layout as last saved: the designer opens on it, the live floor draws its zones.
 * A terminal answers the published version from its replica (the live floor, with the cloud down). */
export const getFloorLayout = defineCall({
  method: 'GET',
  path: '/api/floor-layout',
  summary: "The venue's floor layout as last saved, and which version is published",
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  answer: FloorLayoutAnswer,
  staleOn: ['floor.layout.saved', 'floor.published'],
});

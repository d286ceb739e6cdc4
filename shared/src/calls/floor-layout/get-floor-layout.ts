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

/** The venue's floor layout as last saved: the designer opens on it, the live floor draws its zones. */
export const getFloorLayout = defineCall({
  method: 'GET',
  path: '/api/floor-layout',
  summary: "The venue's floor layout as last saved, and which version is published",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: FloorLayoutAnswer,
  staleOn: ['floor.layout.saved', 'floor.published'],
});

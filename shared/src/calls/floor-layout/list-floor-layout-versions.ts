import { z } from 'zod';
import { defineCall } from '../define.js';
import { LayoutVersionSummary } from './layout-version.js';

/** Every saved version of the venue's floor, newest first, with who saved it and when. */
export const listFloorLayoutVersions = defineCall({
  method: 'GET',
  path: '/api/floor-layout/versions',
  summary: "The saved versions of the venue's floor layout, newest first",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.array(LayoutVersionSummary),
  staleOn: ['floor.layout.saved', 'floor.published'],
});

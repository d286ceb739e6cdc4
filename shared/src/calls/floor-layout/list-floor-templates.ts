import { z } from 'zod';
import { defineCall } from '../define.js';
import { FloorTemplate } from './floor-template.js';

/** The organization's floor templates by name, for every venue's designer (Templates). */
export const listFloorTemplates = defineCall({
  method: 'GET',
  path: '/api/floor-templates',
  summary: "The organization's floor templates, by name",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.object({ templates: z.array(FloorTemplate) }),
});

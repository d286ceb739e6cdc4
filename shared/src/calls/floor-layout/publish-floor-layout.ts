import { z } from 'zod';
import { Table } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { BaseVersion, LayoutVersion } from './layout-version.js';

export const PublishAnswer = z.object({
  /** The version published: the saved one with every table numbered and linked to its table. */
  version: LayoutVersion,
  created: z.number().int(),
  moved: z.number().int(),
  renumbered: z.number().int(),
  retired: z.number().int(),
  tables: z.array(Table),
});
export type PublishAnswer = z.infer<typeof PublishAnswer>;

/**
 * Applies the latest saved layout to the venue's tables in one transaction (issue 25): tables are
 * created, moved, renumbered and retired. A table with a seated party, open orders or a hold
 * cannot be retired (409 table_in_use, naming the party) and nothing changes.
 */
export const publishFloorLayout = defineCall({
  method: 'POST',
  path: '/api/floor-layout/publish',
  summary: "Apply the saved floor layout to the venue's tables",
  audience: ['staff'],
  tiers: ['cloud'],
  body: z.strictObject({ baseVersion: BaseVersion }),
  answer: PublishAnswer,
  permission: 'MANAGE_TABLES',
});

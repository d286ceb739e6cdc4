import { z } from 'zod';
import { defineCall } from '../define.js';
import { BaseVersion, LayoutVersion, VersionParams } from './layout-version.js';

/** Saves an older version again as the newest one; the versions in between stay listed. */
export const restoreFloorLayoutVersion = defineCall({
  method: 'POST',
  path: '/api/floor-layout/versions/:version/restore',
  summary: 'Save an older version of the floor layout again as the newest',
  audience: ['staff'],
  tiers: ['cloud'],
  params: VersionParams,
  entity: 'Layout version',
  body: z.strictObject({ baseVersion: BaseVersion }),
  answer: LayoutVersion,
  status: 201,
  permission: 'MANAGE_TABLES',
});

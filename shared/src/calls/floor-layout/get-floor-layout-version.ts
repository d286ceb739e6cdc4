import { defineCall } from '../define.js';
import { LayoutVersion, VersionParams } from './layout-version.js';

/** One saved version, to look at before restoring it. */
export const getFloorLayoutVersion = defineCall({
  method: 'GET',
  path: '/api/floor-layout/versions/:version',
  summary: 'One saved version of the floor layout',
  audience: ['staff'],
  tiers: ['cloud'],
  params: VersionParams,
  entity: 'Layout version',
  answer: LayoutVersion,
});

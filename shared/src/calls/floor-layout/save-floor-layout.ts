import { z } from 'zod';
import { FloorLayout } from '../../rules/floor-layout.js';
import { boundedText } from '../../schemas/common.js';
import { defineCall } from '../define.js';
import { BaseVersion, LayoutVersion } from './layout-version.js';

/** @internal */
export const SaveFloorLayoutRequest = z.strictObject({
  baseVersion: BaseVersion,
  layout: FloorLayout,
  note: boundedText(200).optional(),
});

/**
 * Saves the designer's draft as a new version (issue 25). Optimistic: made over `baseVersion`,
 * it is refused with 409 (layout_stale) naming who saved the newer version and when, and nothing
 * is lost; the manager reloads, or saves again over the newer version.
 */
export const saveFloorLayout = defineCall({
  method: 'PUT',
  path: '/api/floor-layout',
  summary: "Save the venue's floor layout as a new version",
  audience: ['staff'],
  tiers: ['cloud'],
  body: SaveFloorLayoutRequest,
  answer: LayoutVersion,
  status: 201,
  permission: 'MANAGE_TABLES',
});

import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/**
 * The organization's data for its owner (issue 24, "Plans, settings and data"): a zip with one
 * JSON file per kind of record (venues, tables, menu, orders, payments, guests' visits, staff,
 * events…) and a manifest, streamed as it is read. Password hashes, terminal credentials,
 * invitation and reset tokens are never in it. Only the organization's OWNER may take it; each
 * export is recorded in `data_export_requests`.
 */
export const exportOrganization = defineCall({
  method: 'GET',
  path: '/api/organizations/:id/export',
  summary: "Download the organization's data as a zip of JSON files (its owner only)",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Organization',
  answer: z.unknown(),
  permission: 'MANAGE_ORGANIZATION',
});

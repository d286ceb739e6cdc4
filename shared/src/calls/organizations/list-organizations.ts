import { z } from 'zod';
import { Organization } from '../../schemas/admin.js';
import { defineCall } from '../define.js';

/** The organizations the signed-in member administers (an organization-wide role that holds
 * MANAGE_ORGANIZATION), oldest first. */
export const listOrganizations = defineCall({
  method: 'GET',
  path: '/api/organizations',
  summary: 'Organizations the signed-in member administers',
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.array(Organization),
  permission: 'MANAGE_ORGANIZATION',
});

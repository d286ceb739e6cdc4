import { z } from 'zod';
import { Organization, OrganizationInput } from '../../schemas/admin.js';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/** Renames an organization or changes its plan. Another organization's id is not found. */
export const updateOrganization = defineCall({
  method: 'PUT',
  path: '/api/organizations/:id',
  summary: "Change an organization's name or plan",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Organization',
  body: OrganizationInput,
  answer: Organization,
  permission: 'MANAGE_ORGANIZATION',
});

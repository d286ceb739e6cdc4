import { Organization, OrganizationInput } from '../../schemas/admin.js';
import { defineCall } from '../define.js';

/** A new organization, its creator its OWNER; plan FREE unless another is chosen. */
export const createOrganization = defineCall({
  method: 'POST',
  path: '/api/organizations',
  summary: 'Create an organization; its creator becomes its owner',
  audience: ['staff'],
  tiers: ['cloud'],
  body: OrganizationInput,
  answer: Organization,
  status: 201,
  permission: 'MANAGE_ORGANIZATION',
});

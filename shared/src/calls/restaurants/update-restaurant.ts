import { z } from 'zod';
import { RestaurantInput, RestaurantProfile } from '../../schemas/admin.js';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/** Spec 3 section 2: edits a profile (the same fields as creating it, and whether it is active). */
export const updateRestaurant = defineCall({
  method: 'PUT',
  path: '/api/restaurants/:id',
  summary: 'Change a restaurant profile',
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Restaurant profile',
  body: RestaurantInput,
  answer: RestaurantProfile,
  permission: 'MANAGE_RESTAURANTS',
});

import { RestaurantInput, RestaurantProfile } from '../../schemas/admin.js';
import { defineCall } from '../define.js';

/** Spec 3 section 2: a new public profile, within the organization's plan. */
export const createRestaurant = defineCall({
  method: 'POST',
  path: '/api/restaurants',
  summary: 'Create a restaurant profile',
  audience: ['staff'],
  tiers: ['cloud'],
  body: RestaurantInput,
  answer: RestaurantProfile,
  status: 201,
  permission: 'MANAGE_RESTAURANTS',
});

import { z } from 'zod';
import { RestaurantProfile } from '../../schemas/admin.js';
import { defineCall } from '../define.js';

/** Spec 3 section 2: the restaurant profiles of the organizations the member administers. */
export const listRestaurants = defineCall({
  method: 'GET',
  path: '/api/restaurants',
  summary: 'Restaurant profiles of the organizations the signed-in member administers',
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.array(RestaurantProfile),
  permission: 'MANAGE_RESTAURANTS',
});

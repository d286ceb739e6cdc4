import { z } from 'zod';
import { RestaurantProfile } from '../../schemas/admin.js';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';
import { MenuImageRequest } from '../menu/set-menu-item-image.js';

/** A logo's address after its upload through the same signed link as menu photos; null clears it.
 * The spec's form sends `logoUrl`; `imageUrl` (the menu photo's name) is taken too. */
const RestaurantLogoRequest = z.union([
  z.strictObject({ logoUrl: MenuImageRequest.shape.imageUrl }).transform((b) => ({ logoUrl: b.logoUrl })),
  MenuImageRequest.transform((b) => ({ logoUrl: b.imageUrl })),
]);

/** Spec 3 section 2: saves a profile's logo (one image, at most 5242880 bytes, uploaded first). */
export const setRestaurantLogo = defineCall({
  method: 'PUT',
  path: '/api/restaurants/:id/logo',
  summary: "Set (or clear) a restaurant profile's logo",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Restaurant profile',
  body: RestaurantLogoRequest,
  answer: RestaurantProfile,
  permission: 'MANAGE_RESTAURANTS',
});

import { z } from 'zod';
import { RestaurantProfile } from '../../schemas/admin.js';
import { Id } from '../../schemas/common.js';
import { UploadedImageUrl } from '../../schemas/uploads.js';
import { defineCall } from '../define.js';
import { MenuImageRequest } from '../menu/set-menu-item-image.js';

/** A logo's address after its upload through the same signed link as menu photos (its
 * `uploadURL` or `objectUrl`); null clears it. The spec's call sends `logoUrl`; the form view's
 * `logo` (spec 3 section 3) and `imageUrl` (the menu photo's name) are taken too. */
const RestaurantLogoRequest = z.union([
  z.strictObject({ logoUrl: UploadedImageUrl.nullable() }),
  z.strictObject({ logo: UploadedImageUrl.nullable() }).transform((b) => ({ logoUrl: b.logo })),
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

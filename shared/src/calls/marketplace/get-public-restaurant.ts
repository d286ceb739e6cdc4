import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

export const PublicRestaurant = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  venue: z.object({ id: Id, name: z.string(), address: z.string().nullable(), timezone: z.string() }).nullable(),
  /** Where a guest joins the waitlist or checks in at the venue (null without a venue). */
  checkinUrl: z.string().nullable(),
});
export type PublicRestaurant = z.infer<typeof PublicRestaurant>;

/**
 * A restaurant's public profile (issue 24; spec 3's 'View Public Profile'), as anyone reads it: the
 * logo, name, description, contact, website and the venue's address, with the way in. The page
 * `/marketplace/restaurant/{id}` is the same profile rendered on the server, for people and
 * search engines. An inactive profile is not found.
 */
export const getPublicRestaurant = defineCall({
  method: 'GET',
  path: '/api/marketplace/restaurants/:id',
  summary: "A restaurant's public profile",
  audience: ['public'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Restaurant',
  answer: PublicRestaurant,
});

// What the admin screens read and write (spec 3 sections 2, 3 and 5; issue 24): organizations,
// venues with their settings, restaurant profiles. Inputs are loose text here; the spec's own
// messages come from rules/admin-forms.ts, which both the screens and the cloud run.
import { z } from 'zod';
import { Id, IsoDateTime } from './common.js';

export const Organization = z.object({
  id: Id,
  name: z.string(),
  /** FREE, BASIC, PREMIUM or ENTERPRISE; an organization made before plans reads STARTER. */
  plan: z.string(),
  ownerId: Id.nullable(),
  createdAt: IsoDateTime,
  venueCount: z.number().int(),
});
export type Organization = z.infer<typeof Organization>;

export const VenueRecord = z.object({
  id: Id,
  organizationId: Id,
  name: z.string(),
  address: z.string().nullable(),
  timezone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isActive: z.boolean(),
  taxRateBps: z.number().int(),
  serviceChargeBps: z.number().int(),
  currency: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type VenueRecord = z.infer<typeof VenueRecord>;

export const RestaurantProfile = z.object({
  id: Id,
  organizationId: Id,
  venueId: Id.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type RestaurantProfile = z.infer<typeof RestaurantProfile>;

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).nullish();
const coordinate = z.number().finite().nullish();

export const OrganizationInput = z.object({
  name: text(200),
  plan: z.enum(['FREE', 'BASIC', 'PREMIUM', 'ENTERPRISE']).optional(),
});
export type OrganizationInput = z.infer<typeof OrganizationInput>;

export const VenueFields = z.object({
  name: text(200),
  address: optionalText(500),
  timezone: text(100).optional(),
  latitude: coordinate,
  longitude: coordinate,
});
export type VenueFields = z.infer<typeof VenueFields>;

export const VenueInput = VenueFields.extend({
  /** Spec 3: 'Organization is required' when empty. */
  organizationId: z.string().max(100).nullish(),
});
export type VenueInput = z.infer<typeof VenueInput>;

export const VenueChange = VenueFields.partial().extend({
  isActive: z.boolean().optional(),
  /** Percent with up to two places: 8.75. */
  taxRatePercent: z.number().finite().optional(),
  serviceChargePercent: z.number().finite().optional(),
  currency: z.string().max(10).optional(),
});
export type VenueChange = z.infer<typeof VenueChange>;

export const RestaurantInput = z.object({
  organizationId: z.string().max(100).nullish(),
  venueId: z.string().max(100).nullish(),
  name: text(200),
  description: optionalText(2000),
  phone: optionalText(50),
  email: optionalText(254),
  website: optionalText(500),
  /** The form view's name of the logo (spec 3 section 3: logo versus logoUrl). */
  logo: optionalText(2000),
  isActive: z.boolean().optional(),
});
export type RestaurantInput = z.infer<typeof RestaurantInput>;

// What the admin screens read and write (spec 3 sections 2, 3 and 5; issue 24): organizations,
// venues with their settings, restaurant profiles. Inputs are loose text here; the spec's own
// messages come from rules/admin-forms.ts, which both the screens and the cloud run.
import { z } from 'zod';
import { ADMIN_MESSAGES } from '../admin-texts.js';
import { Id, IsoDateTime } from './common.js';
import { UploadedImageUrl } from './uploads.js';

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
/** Spec 3 section 5: latitude and longitude are optional strings converted to numbers, or null
 * when empty; the screens send numbers, which are taken as they are. */
const coordinate = z
  .union([z.number().finite(), z.string().max(40)])
  .nullable()
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    const number = Number(value.trim());
    if (Number.isFinite(number)) return number;
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.coordinateNotANumber });
    return z.NEVER;
  })
  .optional();

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
  /** The spec's venue form sends its organization on update too: it must be the venue's own. */
  organizationId: z.string().max(100).nullish(),
  isActive: z.boolean().optional(),
  /** Percent with up to two places: 8.75. */
  taxRatePercent: z.number().finite().optional(),
  serviceChargePercent: z.number().finite().optional(),
  currency: z.string().max(10).optional(),
});
export type VenueChange = z.infer<typeof VenueChange>;

/** An empty logo (the form's blank) is none. */
const logoField = z
  .literal('')
  .transform(() => null)
  .or(UploadedImageUrl)
  .nullable()
  .optional();

export const RestaurantInput = z.object({
  organizationId: z.string().max(100).nullish(),
  venueId: z.string().max(100).nullish(),
  name: text(200),
  description: optionalText(2000),
  phone: optionalText(50),
  email: optionalText(254),
  website: optionalText(500),
  /** The form view's name of the logo (spec 3 section 3: logo versus logoUrl); either is taken,
   * as the `uploadURL` or `objectUrl` of an upload of the organization. Null or absent leaves the
   * logo as it is (PUT /api/restaurants/{id}/logo with null takes it away). */
  logo: logoField,
  logoUrl: logoField,
  isActive: z.boolean().optional(),
});
export type RestaurantInput = z.infer<typeof RestaurantInput>;

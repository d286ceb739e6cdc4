// The admin forms' and sign-up's checks, with the spec's messages (spec 3 section 5). The screens
// run them before sending; the cloud runs them again and refuses with the same words.
import { ADMIN_MESSAGES } from '../admin-texts.js';
import type { OrganizationInput, RestaurantInput, VenueChange, VenueFields } from '../schemas/admin.js';

/** Whether `zone` is an IANA time zone this runtime knows. @internal */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Time zones to offer in a selector; the runtime's list, or a few common ones without it. */
export function timeZoneChoices(): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  const zones = all && all.length > 0 ? [...all] : ['America/New_York', 'America/Chicago', 'America/Los_Angeles'];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function organizationInputProblem(input: Pick<OrganizationInput, 'name'>): string | null {
  if (input.name.trim().length < 2) return ADMIN_MESSAGES.organizationNameTooShort;
  return null;
}

function coordinatesProblem(input: Pick<VenueFields, 'latitude' | 'longitude'>): string | null {
  if (input.latitude != null && (input.latitude < -90 || input.latitude > 90)) return ADMIN_MESSAGES.latitudeRange;
  if (input.longitude != null && (input.longitude < -180 || input.longitude > 180)) {
    return ADMIN_MESSAGES.longitudeRange;
  }
  return null;
}

export function venueInputProblem(input: VenueFields & { organizationId?: string | null | undefined }): string | null {
  if (!input.organizationId?.trim()) return ADMIN_MESSAGES.organizationRequired;
  if (input.name.trim().length < 2) return ADMIN_MESSAGES.venueNameTooShort;
  if (input.timezone !== undefined && !isTimeZone(input.timezone)) return ADMIN_MESSAGES.invalidTimeZone;
  return coordinatesProblem(input);
}

/** Percent with at most two places, 0 to 30, as basis points; null when it is not one. */
export function percentToBps(percent: number): number | null {
  const bps = Math.round(percent * 100);
  if (Math.abs(bps - percent * 100) > 1e-6 || bps < 0 || bps > 3000) return null;
  return bps;
}

export function venueChangeProblem(input: VenueChange): string | null {
  if (input.name !== undefined && input.name.trim().length < 2) return ADMIN_MESSAGES.venueNameTooShort;
  if (input.timezone !== undefined && !isTimeZone(input.timezone)) return ADMIN_MESSAGES.invalidTimeZone;
  if (input.taxRatePercent !== undefined && percentToBps(input.taxRatePercent) === null) {
    return ADMIN_MESSAGES.taxRateRange;
  }
  if (input.serviceChargePercent !== undefined && percentToBps(input.serviceChargePercent) === null) {
    return ADMIN_MESSAGES.serviceChargeRange;
  }
  if (input.currency !== undefined && !/^[A-Z]{3}$/.test(input.currency)) return ADMIN_MESSAGES.invalidCurrency;
  return coordinatesProblem(input);
}

export function restaurantInputProblem(input: RestaurantInput): string | null {
  if (!input.organizationId?.trim()) return ADMIN_MESSAGES.organizationRequired;
  // spec 3 section 5, word for word
  if (input.name.trim().length < 2) return ADMIN_MESSAGES.restaurantNameTooShort;
  if (input.email?.trim() && !isEmailAddress(input.email)) return ADMIN_MESSAGES.restaurantInvalidEmail;
  if (input.website?.trim() && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(input.website.trim())) {
    return ADMIN_MESSAGES.invalidWebsite;
  }
  return null;
}

/** Two-letter initials of a profile without a logo: first letters of up to two words. */
export function profileInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** A URL-safe slug of a profile's name; `suffix` keeps it unique. */
export function slugOf(name: string, suffix: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'restaurant'}-${suffix}`;
}

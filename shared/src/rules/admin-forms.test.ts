import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../admin-texts.js';
import {
  isTimeZone,
  organizationInputProblem,
  percentToBps,
  profileInitials,
  restaurantInputProblem,
  slugOf,
  venueChangeProblem,
  venueInputProblem,
} from './admin-forms.js';
import { ADMIN_PERMISSION_GRANTS } from './admin-permissions.js';
import { PLAN_LIMITS, planLimitRefusal, planOf } from './plans.js';
import { canSeeScreen } from './staff-access.js';

describe('the admin forms (spec 3 section 5)', () => {
  it.each([
    ['', ADMIN_MESSAGES.organizationNameTooShort],
    [' a ', ADMIN_MESSAGES.organizationNameTooShort],
    ['Ab', null],
  ])('organization name %j', (name, message) => expect(organizationInputProblem({ name })).toBe(message));

  it('checks a venue: organization first, then name, time zone and place', () => {
    expect(venueInputProblem({ name: 'Downtown' })).toBe(ADMIN_MESSAGES.organizationRequired);
    expect(venueInputProblem({ organizationId: 'o', name: 'D' })).toBe(ADMIN_MESSAGES.venueNameTooShort);
    expect(venueInputProblem({ organizationId: 'o', name: 'Downtown', timezone: 'Nope/Nope' })).toBe(
      ADMIN_MESSAGES.invalidTimeZone,
    );
    expect(venueInputProblem({ organizationId: 'o', name: 'Downtown', longitude: 181 })).toBe(
      ADMIN_MESSAGES.longitudeRange,
    );
    expect(venueInputProblem({ organizationId: 'o', name: 'Downtown', timezone: 'Europe/Rome' })).toBeNull();
    expect(isTimeZone('UTC')).toBe(true);
  });

  it.each([
    [8.75, 875],
    [0, 0],
    [30, 3000],
    [30.01, null],
    [8.755, null],
    [-1, null],
  ])('percent %d is %j basis points', (percent, bps) => expect(percentToBps(percent)).toBe(bps));

  it('checks a venue change and a profile', () => {
    expect(venueChangeProblem({ currency: 'usd' })).toBe(ADMIN_MESSAGES.invalidCurrency);
    expect(venueChangeProblem({ taxRatePercent: 7.25, currency: 'EUR' })).toBeNull();
    expect(restaurantInputProblem({ name: 'X' })).toBe(ADMIN_MESSAGES.organizationRequired);
    expect(restaurantInputProblem({ organizationId: 'o', name: 'Xu', website: 'https://x.test/menu' })).toBeNull();
    // spec 3 section 5's words
    expect(restaurantInputProblem({ organizationId: 'o', name: 'X' })).toBe(
      'Restaurant name must be at least 2 characters',
    );
    expect(restaurantInputProblem({ organizationId: 'o', name: 'Xu', email: 'x@' })).toBe('Invalid email format');
    expect(restaurantInputProblem({ organizationId: 'o', name: 'Xu', website: 'x' })).toBe('Invalid website URL');
    expect(profileInitials('  trattoria da rossi ')).toBe('TD');
    expect(slugOf('Café Rossi!', 'ab12')).toBe('cafe-rossi-ab12');
  });
});

describe('plans', () => {
  it('refuses one more than the limit, naming it and the plan; ENTERPRISE has none', () => {
    expect(planLimitRefusal('FREE', 'venues', 0)).toBeNull();
    expect(planLimitRefusal('FREE', 'venues', 1)).toBe(
      'The FREE plan allows 1 venue. Choose a larger plan to add more.',
    );
    expect(planLimitRefusal('STARTER', 'tables', 20)).toBe(
      'The FREE plan allows 20 tables per venue. Choose a larger plan to add more.',
    );
    expect(planLimitRefusal('ENTERPRISE', 'venues', 10_000)).toBeNull();
    expect(planOf('STARTER')).toBe('FREE');
    // spec 1 section 9: venues and restaurants per plan
    expect([PLAN_LIMITS.FREE, PLAN_LIMITS.BASIC, PLAN_LIMITS.PREMIUM].map((l) => [l.venues, l.restaurants])).toEqual([
      [1, 1],
      [3, 5],
      [10, 25],
    ]);
  });
});

describe('the admin permission names (docs/roles.md, Administration)', () => {
  it('map to the MANAGE_ permissions, and the admin screens follow them', () => {
    expect(ADMIN_PERMISSION_GRANTS).toEqual({
      ORGANIZATION_ADMIN: 'MANAGE_ORGANIZATION',
      VENUE_ADMIN: 'MANAGE_VENUES',
      RESTAURANT_ADMIN: 'MANAGE_RESTAURANTS',
    });
    const granted = { role: 'STAFF' as const, permissions: ['MANAGE_VENUES'] };
    expect(canSeeScreen(granted, '/admin/venues')).toBe(true);
    expect(canSeeScreen(granted, '/admin/organizations')).toBe(false);
    expect(canSeeScreen({ role: 'ASSISTANT_MANAGER', permissions: [] }, '/admin/restaurants')).toBe(false);
    expect(canSeeScreen({ role: 'OWNER', permissions: [] }, '/setup')).toBe(true);
  });
});

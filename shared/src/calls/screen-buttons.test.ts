import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from './index.js';
import { brokenButtons, SCREEN_BUTTONS, type ScreenButton } from './screen-buttons.js';

const cloudRoutes = new Set(ALL_CALLS.filter((c) => c.tiers.includes('cloud')).map((c) => `${c.method} ${c.path}`));
const declared = (b: Partial<ScreenButton> & Pick<ScreenButton, 'call'>): ScreenButton => ({
  route: '/cleaner-console',
  page: 'Cleaner Console',
  testId: 'x',
  element: 'X',
  priority: 'high',
  ...b,
});

describe('the Broken Buttons scan', () => {
  it('finds nothing broken among the declared buttons when every cloud call is served', () => {
    expect(brokenButtons(cloudRoutes)).toEqual([]);
  });

  it('names a button whose call the cloud does not serve', () => {
    const call = { method: 'POST', path: '/api/nowhere', tiers: ['cloud'] } as const;
    expect(brokenButtons(cloudRoutes, [declared({ call })])).toEqual([
      {
        page: 'Cleaner Console',
        testId: 'x',
        element: 'X',
        priority: 'high',
        route: '/cleaner-console',
        issue: 'POST /api/nowhere is not served',
      },
    ]);
  });

  it('names a button no role that sees its screen may press', () => {
    const payments = SCREEN_BUTTONS.find((b) => b.testId === 'take-payment')?.call;
    if (!payments) throw new Error('take-payment is declared');
    // Every role: managers see the cleaner console and may take a payment.
    expect(brokenButtons(cloudRoutes, [declared({ call: payments })])).toEqual([]);
    // Only cleaners and kitchen staff: the cleaners see it but may not take a payment; the kitchen does not see it.
    const viewers = [
      { role: 'STAFF', permissions: [], duty: 'CLEANER' },
      { role: 'STAFF', permissions: [], duty: 'KITCHEN' },
    ] as const;
    expect(brokenButtons(cloudRoutes, [declared({ call: payments })], viewers)[0]?.issue).toBe(
      'No role that sees /cleaner-console may make POST /api/payments/take',
    );
  });
});

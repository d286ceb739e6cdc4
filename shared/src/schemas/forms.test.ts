import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CartLine, CreateOrderRequest } from '../calls/orders/create-order.js';
import { MESSAGES } from '../messages.js';
import {
  GuestCheckinForm,
  imageUploadProblem,
  ProcessPaymentRequest,
  RESERVATION_FORM_DEFAULTS,
  ReservationForm,
  TestPrintForm,
  testPrintDisabled,
  WAITLIST_FORM_DEFAULTS,
  WaitlistAddForm,
} from './forms.js';

/** The messages a user sees for a body, by field. */
function problems(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.') || '(form)', i.message]));
}

const TIME = '2025-03-10T19:30:00.000Z';

describe('party size, everywhere it is entered', () => {
  it.each([
    [0, MESSAGES.partySizeMin(1)],
    [1, undefined],
    [20, undefined],
    [21, MESSAGES.partySizeMax(20)],
    ['abc', MESSAGES.partySizeNotNumber],
    [2.5, MESSAGES.partySizeNotNumber],
  ])('%j → %s', (partySize, message) => {
    expect(problems(ReservationForm, { guestName: 'A', reservationTime: TIME, partySize }).partySize).toBe(message);
    expect(problems(WaitlistAddForm, { guestName: 'A', partySize }).partySize).toBe(message);
    expect(problems(GuestCheckinForm, { partySize }).partySize).toBe(message);
  });
});

describe('reservation form (spec 2 section 5)', () => {
  it('the defaults are party size 2 and everything else empty, and fail on name and time', () => {
    expect(RESERVATION_FORM_DEFAULTS.partySize).toBe(2);
    expect(problems(ReservationForm, RESERVATION_FORM_DEFAULTS)).toEqual({
      guestName: 'Guest name is required',
      reservationTime: 'Reservation time is required',
    });
  });

  it.each([
    ['', undefined],
    ['ada@example.com', undefined],
    ['not-an-email', 'Invalid email'],
  ])('email %j → %s', (email, message) => {
    expect(problems(ReservationForm, { guestName: 'A', reservationTime: TIME, partySize: 2, email }).email).toBe(
      message,
    );
  });

  it('parses a full form with booleans defaulting to false', () => {
    expect(ReservationForm.parse({ guestName: 'Ada', reservationTime: TIME, partySize: 3, occasion: 'date' })).toEqual({
      guestName: 'Ada',
      phone: '',
      email: '',
      reservationTime: TIME,
      partySize: 3,
      needsAccessibility: false,
      needsHighChair: false,
      occasion: 'date',
    });
    expect(
      problems(ReservationForm, { guestName: 'A', reservationTime: TIME, partySize: 2, occasion: 'wedding' }),
    ).toHaveProperty('occasion');
    expect(
      problems(ReservationForm, { guestName: 'A', reservationTime: 'tonight', partySize: 2 }).reservationTime,
    ).toBe(MESSAGES.reservationTimeNotBookable);
  });
});

describe('waitlist add form', () => {
  it('guest name is required; party size defaults to 2; quotes to 15 and 25', () => {
    expect(problems(WaitlistAddForm, WAITLIST_FORM_DEFAULTS)).toEqual({ guestName: 'Guest name is required' });
    expect(problems(WaitlistAddForm, { guestName: '   ' })).toEqual({ guestName: 'Guest name is required' });
    expect(WaitlistAddForm.parse({ guestName: 'Lin', phone: '555' })).toMatchObject({
      guestName: 'Lin',
      phone: '555',
      partySize: 2,
      quotedMinWait: 15,
      quotedMaxWait: 25,
      needsAccessibility: false,
      needsHighChair: false,
    });
  });
});

describe('guest check-in form (spec 3 section 5)', () => {
  it.each([
    [{ partySize: 2 }, {}],
    [{ partySize: 2, guestName: '' }, { guestName: 'Name is required' }],
    [{ partySize: 2, guestEmail: 'x@' }, { guestEmail: 'Please enter a valid email' }],
    [{ partySize: 2, guestEmail: '' }, {}],
    [{ partySize: 2, occasion: 'anniversary' }, {}],
  ])('%j → %j', (body, expected) => expect(problems(GuestCheckinForm, body)).toEqual(expected));
});

describe('image upload', () => {
  const png = (size: number) => ({ size, type: 'image/png' });
  it.each([
    [[png(5_242_880)], null],
    [[png(5_242_881)], 'File size must be less than 5 MB'],
    [[{ size: 1000, type: 'application/pdf' }], 'Please select a valid image file'],
    [[], MESSAGES.oneFileOnly],
    [[png(1), png(1)], MESSAGES.oneFileOnly],
  ])('%j → %s', (files, message) => expect(imageUploadProblem(files)).toBe(message));

  it('names the limit it was given', () => {
    expect(imageUploadProblem([png(2_000_000)], 1_048_576)).toBe('File size must be less than 1 MB');
  });
});

describe('test print', () => {
  it.each([
    ['', 'hello', true],
    ['p1', '  ', true],
    ['p1', 'hello', false],
    [null, null, true],
  ])('printer %j content %j: disabled %s', (printerId, content, disabled) => {
    expect(testPrintDisabled(printerId, content)).toBe(disabled);
    if (disabled) {
      expect(Object.values(problems(TestPrintForm, { printerId, content }))).toContain(
        'Missing Information: Please select a printer and enter test content.',
      );
    }
  });
});

describe('split payment request', () => {
  const SESSION = '7f1c2b7e-3a0d-4c55-8f5e-4b1d8a9e2c33';
  const split = (id: string, amount: string, paid = true) => ({ id, amount, paymentMethod: 'card', paid });
  it('accepts shares that match the total and are all paid', () => {
    const body = {
      sessionId: SESSION,
      splits: [split('1', '33.34'), split('2', '33.33'), split('3', '33.33')],
      tipAmount: '0.00',
      totalAmount: '100.00',
    };
    expect(problems(ProcessPaymentRequest, body)).toEqual({});
  });

  it.each([
    [[split('1', '50.00'), split('2', '49.98')], MESSAGES.splitTotalMismatch('$99.98', '$100.00')],
    [[split('1', '50.00'), split('2', '50.00', false)], MESSAGES.splitUnpaid],
  ])('refuses %j', (splits, message) => {
    expect(
      problems(ProcessPaymentRequest, { sessionId: SESSION, splits, tipAmount: '0', totalAmount: '100.00' }),
    ).toEqual({
      splits: message,
    });
  });

  it('refuses an unknown payment method', () => {
    const splits = [{ ...split('1', '100.00'), paymentMethod: 'bitcoin' }];
    expect(
      problems(ProcessPaymentRequest, { sessionId: SESSION, splits, tipAmount: '0', totalAmount: '100.00' }),
    ).toHaveProperty('splits.0.paymentMethod');
  });
});

describe('cart line and order', () => {
  const ITEM = '3e0b8f3c-2a43-4d2e-9a53-1f6b8c7d9e01';
  it('quantity at least 1; the course defaults to main', () => {
    expect(CartLine.parse({ menuItemId: ITEM, quantity: 1 })).toMatchObject({ course: 'main', modifiers: [] });
    expect(problems(CartLine, { menuItemId: ITEM, quantity: 0 })).toEqual({ quantity: 'Quantity must be at least 1' });
  });
  it('an order needs a session and at least one line', () => {
    expect(problems(CreateOrderRequest, { sessionId: ITEM, items: [] })).toEqual({ items: MESSAGES.emptyCart });
    expect(problems(CreateOrderRequest, { items: [{ menuItemId: ITEM, quantity: 1 }] })).toHaveProperty('sessionId');
  });
});

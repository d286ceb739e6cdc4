// The spec's forms as zod schemas with its exact messages (spec 2 section 5, spec 3 section 5).
// Screens validate with them before sending; the cloud validates the same bodies again.
import { z } from 'zod';
import { GuestCheckinRequest } from '../calls/guest/checkin.js';
import { IMAGE_UPLOAD, OCCASIONS, PAYMENT_METHODS, RESERVATION_DURATION_MS, SPLIT, WAITLIST } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { checkSplit, toCents } from '../rules/money.js';
import { boundedText, Id, IsoDateTime, Money, PartySize } from './common.js';

const isEmail = (value: string): boolean => z.email().safeParse(value).success;

/** An email that may be left empty; surrounding spaces are dropped. */
const emailOrEmpty = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isEmail(v), { error: message });

const Occasion = z.enum(OCCASIONS);
/** The occasion select: an empty choice means none was picked. */
const OccasionChoice = z.union([z.literal(''), Occasion]).optional();

// ---- Reservation create (spec 2 section 5) ----
export const ReservationForm = z.object({
  guestName: z.string({ error: MESSAGES.reservationGuestNameRequired }).trim().min(1, {
    error: MESSAGES.reservationGuestNameRequired,
  }),
  phone: z.string().trim().default(''),
  email: emailOrEmpty(MESSAGES.invalidEmail).default(''),
  /** The chosen bookable time: the slot start as an ISO instant (see rules/reservations.ts). */
  reservationTime: z
    .string({ error: MESSAGES.reservationTimeRequired })
    .min(1, { error: MESSAGES.reservationTimeRequired })
    .refine((v) => v === '' || IsoDateTime.safeParse(v).success, { error: MESSAGES.reservationTimeNotBookable }),
  partySize: PartySize,
  needsAccessibility: z.boolean().default(false),
  needsHighChair: z.boolean().default(false),
  occasion: OccasionChoice,
  specialRequests: z.string().trim().optional(),
});
export type ReservationFormInput = z.input<typeof ReservationForm>;
export type ReservationFormValues = z.output<typeof ReservationForm>;
/** Party size 2, everything else empty. */
export const RESERVATION_FORM_DEFAULTS = {
  guestName: '',
  phone: '',
  email: '',
  reservationTime: '',
  partySize: 2,
  needsAccessibility: false,
  needsHighChair: false,
  occasion: '',
  specialRequests: '',
} as const satisfies ReservationFormInput;

/** The body of POST /api/reservations (spec 2 section 3, "Reservation (sent)"), with the form's
 * messages. Tenancy comes from the principal: orgId and venueId, when sent, must name the caller's
 * own (rules/tenant.ts). The slot lasts two hours: slotEnd may be left out, and when sent must say so. */
export const ReservationCreateBody = z
  .strictObject({
    /** Made by the client, so a repeat (an outbox replay) books the reservation once. */
    id: Id.optional(),
    orgId: Id.optional(),
    venueId: Id.optional(),
    guestContact: z.strictObject({
      name: boundedText(100).min(1, { error: MESSAGES.reservationGuestNameRequired }),
      phone: boundedText(40).default(''),
      email: z
        .union([
          z.literal(''),
          z.email({ error: MESSAGES.invalidEmail }).max(254, { error: MESSAGES.textTooLong(254) }),
        ])
        .default(''),
    }),
    slotStart: z
      .string({ error: MESSAGES.reservationTimeRequired })
      .min(1, { error: MESSAGES.reservationTimeRequired })
      .pipe(z.iso.datetime({ offset: true, error: MESSAGES.reservationTimeNotBookable })),
    slotEnd: IsoDateTime.optional(),
    partySize: PartySize,
    status: z.literal('CONFIRMED').default('CONFIRMED'),
    preferencesJson: z
      .strictObject({
        needsAccessibility: z.boolean().default(false),
        needsHighChair: z.boolean().default(false),
        occasion: OccasionChoice.default(''),
        specialRequests: boundedText(500, { multiline: true }).default(''),
      })
      .default({ needsAccessibility: false, needsHighChair: false, occasion: '', specialRequests: '' }),
    source: z.literal('DIRECT').default('DIRECT'),
  })
  .refine(
    (b) =>
      b.slotEnd === undefined ||
      new Date(b.slotEnd).getTime() - new Date(b.slotStart).getTime() === RESERVATION_DURATION_MS,
    { error: MESSAGES.reservationSlotLength, path: ['slotEnd'] },
  );
export type ReservationCreateBody = z.output<typeof ReservationCreateBody>;

const ContactEmail = z.union([
  z.literal(''),
  z.email({ error: MESSAGES.invalidEmail }).max(254, { error: MESSAGES.textTooLong(254) }),
]);

/**
 * The body of PATCH /api/reservations/:id (Modify on the reservations screen and the dashboard):
 * only what changes. A contact or preference left out keeps its value; a new time is a bookable
 * one (two hours, as when booked); `status: 'CANCELLED'` cancels, and goes alone.
 */
export const ReservationModifyBody = z
  .strictObject({
    guestContact: z
      .strictObject({
        name: boundedText(100).min(1, { error: MESSAGES.reservationGuestNameRequired }).optional(),
        phone: boundedText(40).optional(),
        email: ContactEmail.optional(),
      })
      .optional(),
    slotStart: z
      .string({ error: MESSAGES.reservationTimeRequired })
      .min(1, { error: MESSAGES.reservationTimeRequired })
      .pipe(z.iso.datetime({ offset: true, error: MESSAGES.reservationTimeNotBookable }))
      .optional(),
    slotEnd: IsoDateTime.optional(),
    partySize: PartySize.optional(),
    preferencesJson: z
      .strictObject({
        needsAccessibility: z.boolean().optional(),
        needsHighChair: z.boolean().optional(),
        occasion: OccasionChoice,
        specialRequests: boundedText(500, { multiline: true }).optional(),
      })
      .optional(),
    status: z.literal('CANCELLED').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: MESSAGES.reservationNothingToChange })
  .refine((b) => b.status === undefined || Object.keys(b).every((k) => k === 'status'), {
    error: MESSAGES.reservationCancelAlone,
    path: ['status'],
  })
  .refine(
    (b) =>
      b.slotEnd === undefined ||
      (b.slotStart !== undefined &&
        new Date(b.slotEnd).getTime() - new Date(b.slotStart).getTime() === RESERVATION_DURATION_MS),
    { error: MESSAGES.reservationSlotLength, path: ['slotEnd'] },
  );
export type ReservationModifyBody = z.output<typeof ReservationModifyBody>;

// ---- Waitlist add (spec 2 section 5) ----
export const WaitlistAddForm = z.object({
  guestName: z.string({ error: MESSAGES.reservationGuestNameRequired }).trim().min(1, {
    error: MESSAGES.reservationGuestNameRequired,
  }),
  phone: z.string().trim().default(''),
  email: emailOrEmpty(MESSAGES.invalidEmail).default(''),
  partySize: PartySize.default(2),
  quotedMinWait: z.number().int().nonnegative().default(WAITLIST.defaultQuotedMinWait),
  quotedMaxWait: z.number().int().nonnegative().default(WAITLIST.defaultQuotedMaxWait),
  needsAccessibility: z.boolean().default(false),
  needsHighChair: z.boolean().default(false),
  occasion: OccasionChoice,
});
export type WaitlistAddFormInput = z.input<typeof WaitlistAddForm>;
/** The form shows only name, phone and party size; the rest keeps these defaults. */
export const WAITLIST_FORM_DEFAULTS = {
  guestName: '',
  phone: '',
  partySize: 2,
} as const satisfies WaitlistAddFormInput;

// ---- Guest check-in (spec 3 section 5): the call's schema without the QR context ----
export const GuestCheckinForm = GuestCheckinRequest.omit({ tableId: true, venueId: true, token: true });

// ---- Image upload (menu photos: one image of at most 5 MB) ----
export const ImageFileInfo = z.object({ name: z.string(), size: z.number().int().nonnegative(), type: z.string() });
export type ImageFileInfo = z.infer<typeof ImageFileInfo>;

/** Why a chosen upload is refused, or null when it may be sent. */
export function imageUploadProblem(
  files: readonly Pick<ImageFileInfo, 'size' | 'type'>[],
  maxBytes: number = IMAGE_UPLOAD.maxBytes,
): string | null {
  if (files.length !== IMAGE_UPLOAD.maxFiles) return MESSAGES.oneFileOnly;
  const [file] = files as [Pick<ImageFileInfo, 'size' | 'type'>];
  // The limit is shown in whole MB (5242880 bytes is "5 MB"); the byte count is what is checked.
  if (file.size > maxBytes) return MESSAGES.fileTooLarge(Math.round(maxBytes / 1_048_576));
  if (!file.type.startsWith('image/')) return MESSAGES.invalidImageFile;
  return null;
}

// ---- Test print (spec 2 section 5) ----
export const TestPrintForm = z.object({
  printerId: z.string({ error: MESSAGES.testPrintMissing }).trim().min(1, { error: MESSAGES.testPrintMissing }),
  content: z.string({ error: MESSAGES.testPrintMissing }).trim().min(1, { error: MESSAGES.testPrintMissing }),
});
export type TestPrintForm = z.infer<typeof TestPrintForm>;
/** The Send button is disabled until both fields are filled. */
export function testPrintDisabled(printerId: string | null | undefined, content: string | null | undefined): boolean {
  return !TestPrintForm.safeParse({ printerId, content }).success;
}

// ---- Split payment: POST /api/payments/process (spec 3 section 7) ----
const SplitEntry = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  amount: Money,
  items: z.array(z.string()).default([]),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paid: z.boolean(),
});

export const ProcessPaymentRequest = z
  .object({
    sessionId: Id,
    splits: z.array(SplitEntry).min(1).max(SPLIT.maxPeople),
    tipAmount: Money,
    totalAmount: Money,
  })
  .superRefine((body, ctx) => {
    const check = checkSplit(
      toCents(body.totalAmount),
      body.splits.map((s) => ({ amountCents: toCents(s.amount), paid: s.paid })),
    );
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason, path: ['splits'] });
  });
export type ProcessPaymentRequest = z.input<typeof ProcessPaymentRequest>;

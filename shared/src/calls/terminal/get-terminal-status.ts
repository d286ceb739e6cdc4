import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

const RejectedChange = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  /** What the change was about, as staff call it ("2 × Burger · Table 12"), when still known. */
  subject: z.string().nullable(),
  message: z.string(),
  /** ISO time the change was made on the terminal. */
  createdAt: z.string(),
});

/** A change the terminal keeps sending while online and the cloud keeps not taking (issue 7). */
const StuckChange = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  subject: z.string().nullable(),
  /** The last failure, as the terminal recorded it ("500: ...", or why the cloud was not reached). */
  lastError: z.string(),
  attempts: z.number().int().positive(),
});

export const TerminalStatusAnswer = z.object({
  online: z.boolean(),
  /** False once the cloud refuses this terminal's credential: it was unpaired (revoked). */
  paired: z.boolean(),
  cloudUrl: z.string(),
  terminalId: Id.nullable(),
  venueId: Id.nullable(),
  cursor: z.number().int(),
  /** When the terminal last reloaded its replica because the cloud's database had been restored
   * (another epoch); null since it started otherwise. A terminal built before this does not say. */
  rebuiltAt: z.string().nullable().optional(),
  outbox: z.object({
    pending: z.number().int().nonnegative(),
    rejected: z.array(RejectedChange),
    /** Pending changes that keep failing while the terminal is online. A terminal built before
     * this does not say. */
    stuck: z.array(StuckChange).optional(),
  }),
});
export type TerminalStatusAnswer = z.infer<typeof TerminalStatusAnswer>;

/** Also pushed on the terminal's /ws as `terminal.status` whenever it changes. */
export const TerminalStatusMessage = TerminalStatusAnswer.extend({ type: z.literal('terminal.status') });
export type TerminalStatusMessage = z.infer<typeof TerminalStatusMessage>;

/** The cloud's answer: the staff app asking is not served by a terminal (no printers, no outbox). */
export const NOT_A_TERMINAL = { terminal: false } as const;

/** A terminal's answer before anyone has signed in: where the app runs, and nothing else (its cloud,
 * venue and outbox are for signed-in staff). The sign-in page needs no more: it offers sign-up only
 * on the cloud. */
export const SIGNED_OUT_TERMINAL = { terminal: true } as const;

/** Whether the terminal reaches the cloud, and what waits in its outbox. The cloud answers
 * NOT_A_TERMINAL, so the staff app learns where it runs without a failed call on every page. It is
 * asked before sign-in too (the sign-in page), so anyone may ask: a terminal answers
 * SIGNED_OUT_TERMINAL to someone not signed in. */
export const getTerminalStatus = defineCall({
  method: 'GET',
  path: '/api/terminal/status',
  summary: "The terminal's link to the cloud and its outbox (on the cloud: not a terminal)",
  audience: ['public', 'staff'],
  tiers: ['cloud', 'terminal'],
  answer: z.union([TerminalStatusAnswer, z.object({ terminal: z.boolean() })]),
});

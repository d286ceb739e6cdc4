// What crosses the Electron preload bridge: device things only (app version, pairing), never
// venue data. The main process validates every input with these schemas.
import { z } from 'zod';
import { Id } from '../schemas/common.js';

const CloudUrl = z
  .url({ protocol: /^https?$/, error: 'Cloud URL must be an http or https address' })
  .transform((u) => u.replace(/\/+$/, ''));

export const PairingRequest = z.object({
  cloudUrl: CloudUrl,
  email: z.string().trim().min(1, { error: 'Email is required' }),
  password: z.string().min(1, { error: 'Password is required' }),
  terminalName: z.string().trim().min(1, { error: 'Terminal name is required' }).max(100),
});
export type PairingRequest = z.input<typeof PairingRequest>;

/** Pairing with the short code a manager made on the cloud (issue 24): no password on the device. */
export const PairingCodeRequest = z.object({
  cloudUrl: CloudUrl,
  code: z.string().trim().min(1, { error: 'Pairing code is required' }).max(40),
});
export type PairingCodeRequest = z.input<typeof PairingCodeRequest>;

export const PairingStatus = z.object({
  paired: z.boolean(),
  cloudUrl: z.string().nullable(),
  terminalId: Id.nullable(),
  venueId: Id.nullable(),
  terminalName: z.string().nullable(),
});
export type PairingStatus = z.infer<typeof PairingStatus>;

export const PairingResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), status: PairingStatus }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type PairingResult = z.infer<typeof PairingResult>;

/** terminal.json in the app's data folder: what a paired terminal keeps between starts. */
export const TerminalConfig = z.object({
  cloudUrl: z.string().min(1),
  credential: z.string().min(1),
  terminalId: Id.nullable().default(null),
  venueId: Id.nullable().default(null),
  terminalName: z.string().nullable().default(null),
});
export type TerminalConfig = z.infer<typeof TerminalConfig>;

export const PAIRING_TEXTS = {
  title: 'Pair this terminal',
  intro: 'Sign in as a manager of the venue this terminal serves.',
  cloudUrl: 'Cloud URL',
  email: 'Manager email',
  password: 'Password',
  terminalName: 'Terminal name',
  code: 'Pairing code',
  codeIntro: 'On the cloud, a manager opens Venue Management and makes a pairing code for this terminal.',
  withCode: 'Pair with a code',
  withPassword: 'Sign in as a manager instead',
  submit: 'Pair terminal',
  submitting: 'Pairing…',
  paired: (venue: string) => `Paired to venue ${venue}. Starting…`,
  cloudUnreachable: (url: string) => `Cannot reach the cloud at ${url}`,
} as const;

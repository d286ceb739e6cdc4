// Staff sign-in on the terminal. With the cloud reachable the cloud decides, and the terminal
// keeps an argon2 hash (made here) so the same person can sign in again while the cloud is away.
// Offline, only someone who signed in on this terminal before, with the same password, gets in.

import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  forbidden,
  LoginRequest,
  MESSAGES,
  MeAnswer,
  parseOr400,
  STAFF_SESSION_TTL_MS,
  unauthorized,
} from '@tablewise/shared';
import type { ReadDb, WriteDb } from '../sqlite/replica.js';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUser,
  findUserByEmail,
  putUser,
  sessionUser,
} from '../sqlite/repositories/local-auth.js';
import { getMeta, setIdentity } from '../sqlite/repositories/meta.js';
import { type CloudAnswer, type CloudApi, CloudUnreachable, isSuccess } from '../sync/cloud-api.js';

export interface AuthDeps {
  read: ReadDb;
  write: WriteDb;
  api: CloudApi;
  now: () => Date;
  /** How long a sign-in waits for the cloud before deciding offline. */
  cloudTimeoutMs?: number;
}

function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * argon2 (a native module) loads at the first sign-in that needs it, not at start: serving does
 * not need it, and loading it was part of the core's time to serving (issue 8, P8).
 */
let argon2Loaded: Promise<typeof import('argon2')> | undefined;
const argon2 = () => {
  argon2Loaded ??= import('argon2');
  return argon2Loaded;
};

type CloudVerdict =
  | { kind: 'accepted'; me: MeAnswer }
  | { kind: 'refused' }
  | { kind: 'unreachable' }
  | { kind: 'throttled' };

/** How long a sign-in waits for the cloud before deciding offline, unless told otherwise. */
const CLOUD_SIGN_IN_TIMEOUT_MS = 5000;

async function askCloud(deps: AuthDeps, credentials: LoginRequest): Promise<CloudVerdict> {
  let answer: CloudAnswer;
  try {
    // At this terminal's venue: a member whose roles cover several venues signs in at this one
    // rather than at their first role's (the QA venue's kitchen PC, a second restaurant's host stand).
    const venueId = getMeta(deps.read).venueId ?? undefined;
    answer = await deps.api.login(credentials, {
      timeoutMs: deps.cloudTimeoutMs ?? CLOUD_SIGN_IN_TIMEOUT_MS,
      ...(venueId ? { venueId } : {}),
    });
  } catch (error) {
    if (error instanceof CloudUnreachable) return { kind: 'unreachable' };
    throw error;
  }
  if (answer.status >= 500) return { kind: 'unreachable' };
  // The cloud is holding sign-ins back, not judging this password (a venue's terminals share one
  // address): decide offline, and forget nothing.
  if (answer.status === 429) return { kind: 'throttled' };
  if (!isSuccess(answer.status)) return { kind: 'refused' };
  const parsed = MeAnswer.safeParse(answer.body);
  // A cloud that answers 2xx with something else is not one to trust with a sign-in.
  return parsed.success ? { kind: 'accepted', me: parsed.data } : { kind: 'unreachable' };
}

/** The terminal's venue; learnt from the cloud if the sync client has not done so yet. */
async function terminalVenue(deps: AuthDeps): Promise<string | null> {
  const known = getMeta(deps.read).venueId;
  if (known) return known;
  try {
    const me = await deps.api.me();
    setIdentity(deps.write, me.terminal.id, me.venue.id);
    return me.venue.id;
  } catch (error) {
    if (error instanceof CloudUnreachable) return null;
    throw error;
  }
}

export interface SignIn {
  token: string;
  me: MeAnswer;
  expiresAt: Date;
}

export async function signIn(deps: AuthDeps, body: unknown): Promise<SignIn> {
  const credentials = parseOr400(LoginRequest, body);
  const { email, password } = credentials;
  const verdict = await askCloud(deps, credentials);
  let me: MeAnswer;
  switch (verdict.kind) {
    case 'refused': {
      // The cloud no longer accepts the password this terminal cached (changed, or the account
      // closed): it must stop opening the terminal offline too.
      const cached = findUserByEmail(deps.read, email);
      if (cached && (await (await argon2()).verify(cached.passwordHash, password))) deleteUser(deps.write, cached.id);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    case 'accepted': {
      const venueId = await terminalVenue(deps);
      if (!venueId) throw new AppError(503, 'not_synced', MESSAGES.terminalNotSynced);
      if (verdict.me.principal.venueId !== venueId) throw forbidden(MESSAGES.staffNotAtThisVenue);
      me = verdict.me;
      const hash = await (await argon2()).hash(password);
      putUser(deps.write, { id: me.user.id, email, passwordHash: hash, venueId, me }, deps.now().toISOString());
      break;
    }
    case 'unreachable':
    case 'throttled': {
      // Offline, or held back by the cloud's throttle (issue 27): a sign-in made here before opens
      // the terminal. Held back, any other password is answered as the cloud's throttle, so the
      // cached copy never tells a guesser more than the cloud would.
      const cached = findUserByEmail(deps.read, email);
      if (!cached || !(await (await argon2()).verify(cached.passwordHash, password))) {
        if (verdict.kind === 'throttled') throw new AppError(429, 'too_many_attempts', MESSAGES.tooManySignInAttempts);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      const venueId = getMeta(deps.read).venueId;
      if (cached.venueId !== venueId) throw forbidden(MESSAGES.staffNotAtThisVenue);
      me = MeAnswer.parse(cached.me);
      break;
    }
    default: {
      const never: never = verdict;
      throw new Error(`Unknown verdict ${JSON.stringify(never)}`);
    }
  }
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  deleteExpiredSessions(deps.write, now);
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
  createSession(deps.write, sessionIdOf(token), me.user.id, expiresAt.toISOString(), now.toISOString());
  return { token, me, expiresAt };
}

/** The signed-in staff member of a session cookie, or null. */
export function whoIs(deps: Pick<AuthDeps, 'read' | 'now'>, token: string | undefined): MeAnswer | null {
  if (!token) return null;
  const user = sessionUser(deps.read, sessionIdOf(token), deps.now());
  if (!user) return null;
  const parsed = MeAnswer.safeParse(user.me);
  return parsed.success ? parsed.data : null;
}

export function signOut(deps: Pick<AuthDeps, 'write'>, token: string | undefined): void {
  if (token) deleteSession(deps.write, sessionIdOf(token));
}

// Guest calls that anyone holding a photo of a QR code can make are rate limited per client
// address and per guest session (issue 7, limits in GUEST_RATE_LIMITS): a script cannot sweep
// codes, flood check-ins or pile orders onto a party's bill. Counts live where the cloud's limit
// store keeps them (security/limits.ts): on a PostgreSQL server, in its table, so behind N
// instances a client gets what one instance allows (issue 27); in memory on the embedded database.
// The address is Koa's ctx.ip: behind a TLS proxy, the client's own once TRUST_PROXY is set, and
// otherwise the proxy's, which every guest would then share. A request without a guest cookie
// counts against its address only; counting per table instead would let a stranger use up a
// seated party's allowance.
import { AppError, GUEST_RATE_LIMITS, MESSAGES, type SelfSeatingLimits } from '@tablewise/shared';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { countTwo, type LimitStore, type TwoLimits } from '../../security/limits.js';
import type { Ctx } from '../http.js';

export type GuestAction = Exclude<keyof typeof GUEST_RATE_LIMITS, 'windowSeconds'>;

/** Counts one request of `action`; throws 429 with Retry-After when its address or session is over. */
export type GuestRateLimit = ((ctx: Ctx, sessionId: string | undefined) => Promise<void>) & {
  /**
   * The same count of a session's request, address then session, as a statement for a caller that
   * sends one anyway (security/limits.ts, countTwo), on a PostgreSQL store; null in memory. Once
   * sent, a wait it answers is refused with refuseLimited.
   */
  counting(ctx: Ctx, sessionId: string): TwoLimits | null;
};

/** Refuses the request that a limit answered `msBeforeNext` for: 429 with Retry-After. */
export function refuseLimited(ctx: Ctx, msBeforeNext: number): never {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(msBeforeNext / 1000))));
  throw new AppError(429, 'rate_limited', MESSAGES.tooManyRequests);
}

export function guestRateLimit(limits: LimitStore, action: GuestAction): GuestRateLimit {
  const { perAddress, perSession } = GUEST_RATE_LIMITS[action];
  const duration = GUEST_RATE_LIMITS.windowSeconds;
  const addressSpec = { keyPrefix: `${action}:address`, points: perAddress, duration };
  const sessionSpec = { keyPrefix: `${action}:session`, points: perSession, duration };
  const byAddress = limits.limiter(addressSpec);
  const bySession = limits.limiter(sessionSpec);
  const limit = async (ctx: Ctx, sessionId: string | undefined) => {
    try {
      await byAddress.consume(ctx.ip);
      if (sessionId) await bySession.consume(sessionId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      refuseLimited(ctx, error.msBeforeNext);
    }
  };
  const counting = (ctx: Ctx, sessionId: string) =>
    limits.kind === 'postgres'
      ? countTwo({ spec: addressSpec, key: ctx.ip }, { spec: sessionSpec, key: sessionId })
      : null;
  return Object.assign(limit, { counting });
}

export type SelfSeatingAction = Exclude<keyof SelfSeatingLimits, 'windowSeconds'>;

/** Counts one attempt of `action` for the venue; throws 429 with Retry-After when its address or the venue is over. */
export type SelfSeatingLimit = (ctx: Ctx, venueId: string) => Promise<void>;

/**
 * Self-seating (walk-in check-ins, holds, confirms) counted per client address and per venue
 * (SELF_SEATING_LIMITS): a script minting fresh cookies cannot take a venue's tables, from one
 * address or from many. The venue's count is taken only once the address's allowed it, so one
 * noisy address does not use up the venue's allowance for everyone else.
 */
export function selfSeatingLimit(
  limits: LimitStore,
  action: SelfSeatingAction,
  bounds: SelfSeatingLimits,
): SelfSeatingLimit {
  const { perAddress, perVenue } = bounds[action];
  const duration = bounds.windowSeconds;
  const byAddress = limits.limiter({ keyPrefix: `seat-${action}:address`, points: perAddress, duration });
  const byVenue = limits.limiter({ keyPrefix: `seat-${action}:venue`, points: perVenue, duration });
  const refuse = (ctx: Ctx, error: RateLimiterRes, message: string): never => {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
    throw new AppError(429, 'rate_limited', message);
  };
  return async (ctx, venueId) => {
    try {
      await byAddress.consume(ctx.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      refuse(ctx, error, MESSAGES.tooManyRequests);
    }
    try {
      await byVenue.consume(venueId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      refuse(ctx, error, MESSAGES.selfSeatingBusy);
    }
  };
}

/**
 * Lets a key through once per `seconds` (a party asking staff over): `claim` answers null the
 * first time, and after that, within the window, when the first claim was made. `release` forgets
 * a claim whose effect did not happen, so the next try goes through. Shared by every instance, as
 * the limits above.
 */
export function oncePerWindow(limits: LimitStore, keyPrefix: string, seconds: number) {
  const limiter = limits.limiter({ keyPrefix, points: 1, duration: seconds });
  return {
    async claim(key: string, now: Date): Promise<Date | null> {
      try {
        await limiter.consume(key);
        return null;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return new Date(now.getTime() - (seconds * 1000 - error.msBeforeNext));
      }
    },
    async release(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}

// Payment attempts are limited (issue 27): a bill takes PAYMENT_RATE_LIMITS.perSession attempts
// and failuresPerSession refused cards a window, an address perAddress attempts across bills, all
// counted by every instance together (the limit store). A refused card is recorded as FAILED with
// its event, so a loop of declined cards is what fills a bill's history; after a few, the bill
// waits, and the guest is told to pay staff at the table.
import { AppError, PAYMENT_MESSAGES, PAYMENT_RATE_LIMITS } from '@tablewise/shared';
import { consumeOrWait, type LimitStore } from '../../security/limits.js';
import type { Ctx } from '../http.js';

export function paymentLimits(limits: LimitStore) {
  const duration = PAYMENT_RATE_LIMITS.windowSeconds;
  const bySession = limits.limiter({ keyPrefix: 'pay:session', points: PAYMENT_RATE_LIMITS.perSession, duration });
  const byAddress = limits.limiter({ keyPrefix: 'pay:address', points: PAYMENT_RATE_LIMITS.perAddress, duration });
  const failures = limits.limiter({
    keyPrefix: 'pay:failed',
    points: PAYMENT_RATE_LIMITS.failuresPerSession,
    duration,
  });
  const refuse = (ctx: Ctx, waitMs: number): never => {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw new AppError(429, 'rate_limited', PAYMENT_MESSAGES.tooManyPaymentAttempts);
  };
  return {
    /** Counts an attempt on the bill of `sessionId`; throws 429 when the bill or the address is over. */
    async attempt(ctx: Ctx, sessionId: string): Promise<void> {
      const failed = await failures.get(sessionId);
      if (failed && failed.remainingPoints <= 0) refuse(ctx, failed.msBeforeNext);
      const wait = (await consumeOrWait(byAddress, ctx.ip)) ?? (await consumeOrWait(bySession, sessionId));
      if (wait !== null) refuse(ctx, wait);
    },
    /** A card was refused on the bill of `sessionId`. */
    async failed(sessionId: string): Promise<void> {
      await consumeOrWait(failures, sessionId);
    },
  };
}

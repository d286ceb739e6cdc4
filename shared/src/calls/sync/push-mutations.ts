import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { defineCall } from '../define.js';

/** The most mutations one push carries: about 75 KB of item moves, well under the body limit. */
export const MAX_PUSH_MUTATIONS = 500;

/** One outbox entry as the single call would send it: its number, key, method, path and body. */
export const PushedMutation = z.object({
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** As an Idempotency-Key header could carry it: visible ASCII. */
  idempotencyKey: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, { error: MESSAGES.visibleAsciiOnly }),
  method: z.enum(['POST', 'PATCH', 'DELETE']),
  /** As a request line could carry it: an API path of visible ASCII (percent-encoded). */
  path: z
    .string()
    .max(2000)
    .regex(/^\/api\/[\x21-\x7e]*$/, { error: MESSAGES.apiPathOnly }),
  body: z.unknown().optional(),
});
export type PushedMutation = z.infer<typeof PushedMutation>;

const PushRequest = z.object({
  mutations: z
    .array(PushedMutation)
    .min(1)
    .max(MAX_PUSH_MUTATIONS, { error: MESSAGES.tooManyMutations(MAX_PUSH_MUTATIONS) })
    .superRefine((mutations, ctx) => {
      const keys = new Set<string>();
      for (const [i, m] of mutations.entries()) {
        if (i > 0 && m.seq !== (mutations[i - 1] as PushedMutation).seq + 1) {
          ctx.addIssue({ code: 'custom', path: [i, 'seq'], message: MESSAGES.mutationsNotConsecutive });
          return;
        }
        if (keys.has(m.idempotencyKey)) {
          ctx.addIssue({ code: 'custom', path: [i, 'idempotencyKey'], message: MESSAGES.keyRepeatedInPush });
          return;
        }
        keys.add(m.idempotencyKey);
      }
    }),
});

/** What the single call would have answered for one mutation. */
const PushResult = z.object({
  seq: z.number().int(),
  status: z.number().int(),
  body: z.unknown(),
});

export const PushAnswer = z.object({ results: z.array(PushResult) });
export type PushAnswer = z.infer<typeof PushAnswer>;

/**
 * A terminal's outbox, a batch at a time (Replicache's push): the mutations are applied in order,
 * each exactly as its own call with Idempotency-Key and X-Terminal-Mutation-Seq would be, and
 * answered one by one. The answers stop after the first that must be sent again: out of order
 * (409 with expectedSeq) or a server error; mutations after it were not tried.
 */
export const pushMutations = defineCall({
  method: 'POST',
  path: '/api/sync/push',
  summary: "Apply a batch of the terminal's numbered mutations in order",
  audience: ['terminal'],
  tiers: ['cloud'],
  body: PushRequest,
  answer: PushAnswer,
});

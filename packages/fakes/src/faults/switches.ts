import { z } from 'zod';

/**
 * Switches that make a fake misbehave the way a third party does on a bad day. Settable from
 * tests (`fake.setMode()`) and over HTTP (`POST /__fake/mode`) for the demo.
 */
export const fakeModeSchema = z
  .object({
    /** Added before every answer. */
    delayMs: z.number().int().min(0).max(120_000),
    /**
     * 429 with Retry-After: `always` on every request, `after` once `limit` requests came in
     * within `windowMs`; `off` leaves only the site's own limits.
     */
    rateLimit: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('off') }),
      z.object({
        kind: z.literal('always'),
        retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
      }),
      z.object({
        kind: z.literal('after'),
        limit: z.number().int().min(0),
        windowMs: z.number().int().min(1),
        retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
      }),
    ]),
    /**
     * `503`: Service Unavailable answers; `reset`: connections closed without an answer;
     * `refused`: the port stops accepting connections (tests only: it also takes this endpoint away).
     */
    down: z.enum(['no', '503', 'reset', 'refused']),
  })
  .strict();

export type FakeMode = z.infer<typeof fakeModeSchema>;
export type FakeModeInput = z.input<typeof fakeModeSchema>;

export const HEALTHY: FakeMode = Object.freeze({
  delayMs: 0,
  rateLimit: { kind: 'off' as const },
  down: 'no' as const,
});

/** A partial update over HTTP: fields left out keep their value; `{ "reset": true }` heals. */
export const modeUpdateSchema = fakeModeSchema.partial().extend({ reset: z.boolean().optional() }).strict();

import { z } from 'zod';

/**
 * Event envelope (architecture §4). Events travel on JetStream subject `events.<type>`,
 * e.g. `events.user.created`; changes to `data` are additive only.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string(),
  type: z.string().regex(/^[a-z][a-z-]*\.[a-z][a-z-]*$/),
  occurredAt: z.string(),
  version: z.number().int().positive(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** JetStream stream holding every domain event. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';
export const eventSubject = (type: string): string => `${EVENTS_SUBJECT_PREFIX}${type}`;
/** Messages that exhausted their deliveries land here (subject `deadletter.<consumer>`). */
export const DEADLETTER_SUBJECT_PREFIX = 'deadletter.';

/** A typed domain event: its `entity.verb` name, version and data schema. */
export interface EventDef<T extends z.ZodType = z.ZodType> {
  type: string;
  version: number;
  data: T;
}
export const defineEvent = <T extends z.ZodType>(type: string, data: T, version = 1): EventDef<T> => ({
  type,
  version,
  data,
});

/** A typed request/reply subject on NATS (or the in-process bus). */
export interface RpcDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  subject: string;
  request: Req;
  response: Res;
  /** Default timeout for callers (ms). */
  timeoutMs: number;
}
export const defineRpc = <Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
  timeoutMs = 2000,
): RpcDef<Req, Res> => ({ subject, request, response, timeoutMs });

/** Error carried back in a reply when the handler failed with a known error. */
export const rpcErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  /** The message as a server text (its key and values), for the caller to say in its caller's language. */
  text: z.object({ key: z.string(), values: z.record(z.string(), z.unknown()) }).optional(),
});
export type RpcError = z.infer<typeof rpcErrorSchema>;

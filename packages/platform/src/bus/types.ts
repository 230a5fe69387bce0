import type { EventDef, EventEnvelope, RpcDef } from '@acg/contracts';
import type { z } from 'zod';

/**
 * The message bus every service uses. Two implementations share this interface and one
 * contract test suite (bus.contract.test.ts): NATS (request/reply + JetStream) and
 * in-process (embedded mode).
 *
 * Semantics both must keep:
 * - request(): validates the request with the RpcDef schema, times out after `timeoutMs`
 *   (BusTimeoutError) and fails fast with BusNoRespondersError when nobody serves the subject;
 *   a handler that throws an AppError makes request() throw an AppError with the same
 *   status/code/message (any other error becomes a 500 `internal_error` AppError).
 * - serve(): one handler per subject per process; replies are validated with the response schema;
 *   several processes serving one subject share the load (queue group = subject).
 * - publish(): puts an envelope on the event stream with `msgId` = envelope.id; the stream
 *   de-duplicates ids seen within its window, so a relay may publish a row twice safely.
 * - listen(): live fan-out, at most once: every listener in every process is handed each event of
 *   the given types published after it started (no durable, no ack, no replay). For pushing
 *   events to browsers (the gateway's live stream), where a missed event is healed by re-reading.
 * - consume(): a durable consumer named `durable`, created explicitly, explicit ack; the handler
 *   is called at least once per event; a throw is a nak and the event is redelivered with backoff,
 *   up to `maxDeliver` times; after that it is published to `deadletter.<durable>` and acked.
 *   Several processes consuming with the same durable share the work.
 */
export interface RequestOptions {
  timeoutMs?: number;
  /** Carried in the message headers (x-request-id) into the handler's log lines. */
  requestId?: string;
}

export interface RpcContext {
  requestId?: string;
}

export interface ConsumeOptions {
  /** Durable consumer name, unique per service and purpose, e.g. `catalogue-users`. */
  durable: string;
  /** Event types this consumer handles (`user.created`, ...). */
  types: string[];
  handler: (event: EventEnvelope, ctx: { deliveryCount: number }) => Promise<void>;
  /** Deliveries before dead-lettering (default 5). */
  maxDeliver?: number;
  /** Backoff between redeliveries in ms (default 250, 1000, 5000, ...). */
  backoffMs?: number[];
}

export interface ListenOptions {
  /** Event types to hear (`trade.created`, ...). */
  types: string[];
  /** Called once per event per listener; must not throw (a throw is logged and ignored). */
  handler: (event: EventEnvelope) => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface Bus {
  readonly kind: 'nats' | 'memory';
  request<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    data: z.input<Req>,
    opts?: RequestOptions,
  ): Promise<z.output<Res>>;
  serve<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    handler: (data: z.output<Req>, ctx: RpcContext) => Promise<z.input<Res>>,
  ): Subscription;
  publish(event: EventEnvelope): Promise<void>;
  consume(opts: ConsumeOptions): Promise<Subscription>;
  listen(opts: ListenOptions): Promise<Subscription>;
  /** Resolves true when the bus connection is healthy (for /readyz). */
  ready(): Promise<boolean>;
  /** Stops serving and consuming, lets in-flight handlers finish, then closes. */
  drain(): Promise<void>;
}

/** Builds an envelope for a typed event. */
export type MakeEvent = <T extends z.ZodType>(
  def: EventDef<T>,
  data: z.input<T>,
) => EventEnvelope<z.output<T>>;

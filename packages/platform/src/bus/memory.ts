import { type EventEnvelope, eventEnvelopeSchema, type RpcDef } from '@acg/contracts';
import { pino } from 'pino';
import type { z } from 'zod';
import { ValidationError } from '../errors';
import type { Logger } from '../logger';
import { type TraceCarrier, traceCarrier, withCarriedTrace } from '../tracing/spans';
import {
  consumerPolicy,
  DUPLICATE_WINDOW_MS,
  type InspectableBus,
  pausingOnOutage,
  plainBus,
  stoppingPause,
} from './delivery';
import { BusNoRespondersError, BusTimeoutError, BusUnavailableError } from './errors';
import { MemoryStream } from './memory-stream';
import { answerRequest, decodeReply, encodeRequest } from './rpc-wire';
import type { ConsumeOptions, ListenOptions, RequestOptions, RpcContext, Subscription } from './types';

export interface MemoryBusOptions {
  logger?: Logger;
  /** De-duplication window for envelope ids (default 2 minutes, like the NATS stream). */
  duplicateWindowMs?: number;
  /** Events kept for consumers that start later (default 10 000); unread ones are kept longer. */
  maxEvents?: number;
  /** Events kept while a durable has not read them (default 500 000). */
  maxUnread?: number;
}

type Handler = (data: unknown, ctx: RpcContext) => Promise<unknown>;

/**
 * The embedded-mode bus: same semantics as the NATS bus (see types.ts) inside one process.
 * Payloads go through JSON both ways and handlers run on a later macrotask, so code that
 * works here does not depend on sharing objects or call stacks with its caller.
 */
export function createMemoryBus(opts: MemoryBusOptions = {}): InspectableBus {
  return plainBus(new MemoryBus(opts));
}

/** Settles as `work` does, or rejects with `timeoutError` after `ms`. */
async function raceTimeout<T>(work: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

class MemoryBus implements InspectableBus {
  readonly kind = 'memory' as const;
  private readonly logger: Logger;
  private readonly handlers = new Map<
    string,
    { def: RpcDef; handler: Handler; running: Set<Promise<string>> }
  >();
  private readonly stream: MemoryStream;
  private readonly listeners = new Set<ListenOptions>();
  private closed = false;

  constructor(opts: MemoryBusOptions) {
    this.logger = opts.logger ?? pino({ level: 'silent' });
    this.stream = new MemoryStream({
      logger: this.logger,
      duplicateWindowMs: opts.duplicateWindowMs ?? DUPLICATE_WINDOW_MS,
      maxEvents: opts.maxEvents ?? 10_000,
      maxUnread: opts.maxUnread ?? 500_000,
      maxDeadLetters: 1000,
    });
  }

  /** Live listeners hear a fresh copy of each new event on a later macrotask, as over the wire. */
  private tell(event: EventEnvelope, carrier: TraceCarrier | undefined): void {
    if (this.listeners.size === 0) return;
    const body = JSON.stringify(event);
    setImmediate(() => withCarriedTrace(carrier, () => this.hear(event.type, body)));
  }

  private hear(type: string, body: string): void {
    for (const listener of this.listeners) {
      if (!listener.types.includes(type)) continue;
      try {
        listener.handler(JSON.parse(body) as EventEnvelope);
      } catch (err) {
        this.logger.warn({ err, type }, 'event listener failed');
      }
    }
  }

  async request<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    data: z.input<Req>,
    requestOpts?: RequestOptions,
  ): Promise<z.output<Res>> {
    if (this.closed) throw new BusUnavailableError();
    const text = encodeRequest(def, data);
    const served = this.handlers.get(def.subject);
    if (!served) throw new BusNoRespondersError(def.subject);
    const timeoutMs = requestOpts?.timeoutMs ?? def.timeoutMs;
    const ctx: RpcContext = requestOpts?.requestId ? { requestId: requestOpts.requestId } : {};
    const answer = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      answerRequest(served.def, served.handler, text, ctx, this.logger),
    );
    served.running.add(answer);
    void answer.finally(() => served.running.delete(answer));
    const reply = await raceTimeout(answer, timeoutMs, () => new BusTimeoutError(def.subject, timeoutMs));
    return decodeReply(def, reply);
  }

  serve<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    handler: (data: z.output<Req>, ctx: RpcContext) => Promise<z.input<Res>>,
  ): Subscription {
    if (this.closed) throw new BusUnavailableError();
    if (this.handlers.has(def.subject)) throw new Error(`${def.subject} is already served in this process`);
    const entry = { def: def as RpcDef, handler: handler as Handler, running: new Set<Promise<string>>() };
    this.handlers.set(def.subject, entry);
    return {
      stop: async () => {
        if (this.handlers.get(def.subject) === entry) this.handlers.delete(def.subject);
        await Promise.allSettled([...entry.running]);
      },
    };
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new BusUnavailableError();
    const checked = eventEnvelopeSchema.safeParse(event);
    if (!checked.success)
      throw new ValidationError('Invalid event envelope', { issues: checked.error.issues });
    // The trace goes beside the event, as NATS carries it in the message's headers.
    const carrier = traceCarrier();
    if (!this.stream.append(checked.data as EventEnvelope, carrier)) {
      this.logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
    } else this.tell(checked.data as EventEnvelope, carrier);
  }

  async consume(consumeOpts: ConsumeOptions): Promise<Subscription> {
    if (this.closed) throw new BusUnavailableError();
    const pause = pausingOnOutage(consumeOpts.handler, this.logger, consumeOpts.durable);
    return stoppingPause(this.stream.consume(consumerPolicy(consumeOpts), pause.handler), pause);
  }

  async listen(listenOpts: ListenOptions): Promise<Subscription> {
    if (this.closed) throw new BusUnavailableError();
    const listener = { ...listenOpts };
    this.listeners.add(listener);
    return {
      stop: async () => {
        this.listeners.delete(listener);
      },
    };
  }

  async ready(): Promise<boolean> {
    return !this.closed;
  }

  async drain(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    const running = [...this.handlers.values()].flatMap((h) => [...h.running]);
    this.handlers.clear();
    await Promise.allSettled([this.stream.stop(), ...running]);
  }

  async deadLetters(durable: string) {
    return this.stream.deadLetters(durable);
  }
}

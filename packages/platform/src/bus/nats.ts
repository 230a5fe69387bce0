import { type EventEnvelope, eventEnvelopeSchema, type RpcDef } from '@acg/contracts';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  ClosedConnectionError,
  DrainingConnectionError,
  headers,
  NoRespondersError,
  RequestError,
  TimeoutError,
} from '@nats-io/nats-core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import type { z } from 'zod';
import { ValidationError } from '../errors';
import type { Logger } from '../logger';
import { withCarriedTrace } from '../tracing/spans';
import { consumerPolicy, type InspectableBus, pausingOnOutage, plainBus, stoppingPause } from './delivery';
import { BusNoRespondersError, BusTimeoutError, BusUnavailableError } from './errors';
import { type NatsConsumerDeps, readDeadLetters, startNatsConsumer } from './nats-consumer';
import { ensureStreams, natsNames } from './nats-streams';
import { answerRequest, decodeReply, encodeRequest, REQUEST_ID_HEADER } from './rpc-wire';
import { carrierOfHeaders, headersWithTrace, setTraceHeaders } from './trace-headers';
import type { ConsumeOptions, ListenOptions, RequestOptions, RpcContext, Subscription } from './types';

export interface NatsBusOptions {
  url: string;
  /** Connection name shown by the server (the service name). */
  name: string;
  logger?: Logger;
  /** Prepended to the stream names (EVENTS, DEADLETTER); tests use it to isolate a run. */
  streamPrefix?: string;
  /**
   * Prepended to every subject: events, dead letters and request/reply. Systems sharing one NATS
   * server (test runs, staging beside production) stay apart by using different prefixes.
   */
  subjectPrefix?: string;
  /**
   * Redelivery delay for deliveries nobody answered (a killed or hung handler); default 5 s. A
   * running handler keeps its message with heartbeats (`working()`), so this only bounds how long
   * the event of a dead process waits.
   */
  ackWaitMs?: number;
  /**
   * On drain/stop: how long an in-flight event handler or RPC may finish before its message is
   * handed back (nak, redelivered at once to another process); default 5 s.
   */
  drainMs?: number;
}

/** Default ack wait: a killed process's event is redelivered within this (rules §39). */
export const DEFAULT_ACK_WAIT_MS = 5000;

type Handler = (data: unknown, ctx: RpcContext) => Promise<unknown>;

/** nats-core reports request failures as its own errors; callers get our 503 AppErrors. */
function requestFailure(err: unknown, def: RpcDef, timeoutMs: number): unknown {
  if (err instanceof TimeoutError) return new BusTimeoutError(def.subject, timeoutMs);
  if (err instanceof NoRespondersError) return new BusNoRespondersError(def.subject);
  if (err instanceof RequestError) {
    return err.isNoResponders()
      ? new BusNoRespondersError(def.subject)
      : new BusUnavailableError(err.message);
  }
  if (err instanceof ClosedConnectionError || err instanceof DrainingConnectionError) {
    return new BusUnavailableError(err.message);
  }
  return err;
}

const atLeast = (version: string | undefined, major: number, minor: number) => {
  const [ma = 0, mi = 0] = (version ?? '0.0').split('.').map(Number);
  return ma > major || (ma === major && mi >= minor);
};

/** Follows the connection's status: whether it is up, logged on every change. */
function watchConnection(nc: NatsConnection, logger: Logger): { readonly up: boolean } {
  const state = { up: true };
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        state.up = false;
        logger.warn({ server: s.server }, 'nats disconnected');
      } else if (s.type === 'reconnect') {
        state.up = true;
        logger.info({ server: s.server }, 'nats reconnected');
      }
    }
  })().catch(() => undefined);
  return state;
}

/** Settles when `work` does or after `ms`, whichever comes first. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * The distributed bus: core NATS request/reply (queue group = subject, so replicas share
 * requests) and JetStream for events. Streams are created or updated at connect.
 */
export async function connectNatsBus(opts: NatsBusOptions): Promise<InspectableBus> {
  const logger = opts.logger ?? pino({ level: 'silent' });
  const nc = await connect({
    servers: opts.url,
    name: opts.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
  });
  const connection = watchConnection(nc, logger);
  const names = natsNames(opts.streamPrefix, opts.subjectPrefix);
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStreams(jsm, names);
    return plainBus(
      new NatsBus(nc, connection, opts.subjectPrefix ?? '', {
        js: jetstream(nc),
        jsm,
        names,
        logger,
        ackWaitMs: opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
        drainMs: opts.drainMs ?? 5000,
        multipleFilters: atLeast(nc.info?.version, 2, 10),
      }),
    );
  } catch (err) {
    await nc.close();
    throw err;
  }
}

class NatsBus implements InspectableBus {
  readonly kind = 'nats' as const;
  private readonly served = new Set<string>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly subscriptions = new Set<Subscription>();
  private draining = false;
  private readonly logger: Logger;

  constructor(
    private readonly nc: NatsConnection,
    private readonly connection: { readonly up: boolean },
    private readonly subjectPrefix: string,
    private readonly deps: NatsConsumerDeps,
  ) {
    this.logger = deps.logger;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p)).catch(() => undefined);
    return p;
  }

  private unavailable(): boolean {
    return this.draining || this.nc.isClosed() || this.nc.isDraining();
  }

  private rpcSubject(subject: string): string {
    return `${this.subjectPrefix}${subject}`;
  }

  /** Keeps a subscription in the set drain() stops; its stop() leaves the set first. */
  private keep(stop: () => Promise<void>): Subscription {
    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await stop();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async request<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    data: z.input<Req>,
    requestOpts?: RequestOptions,
  ): Promise<z.output<Res>> {
    if (this.unavailable()) throw new BusUnavailableError();
    const text = encodeRequest(def, data);
    const timeoutMs = requestOpts?.timeoutMs ?? def.timeoutMs;
    const h = headers();
    if (requestOpts?.requestId) h.set(REQUEST_ID_HEADER, requestOpts.requestId);
    setTraceHeaders(h);
    let reply: string;
    try {
      reply = (
        await this.nc.request(this.rpcSubject(def.subject), text, { timeout: timeoutMs, headers: h })
      ).string();
    } catch (err) {
      throw requestFailure(err, def, timeoutMs);
    }
    return decodeReply(def, reply);
  }

  serve<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    handler: (data: z.output<Req>, ctx: RpcContext) => Promise<z.input<Res>>,
  ): Subscription {
    if (this.unavailable()) throw new BusUnavailableError();
    if (this.served.has(def.subject)) throw new Error(`${def.subject} is already served in this process`);
    this.served.add(def.subject);
    const mine = new Set<Promise<unknown>>();
    const logger = this.logger;
    const sub = this.nc.subscribe(this.rpcSubject(def.subject), {
      queue: this.rpcSubject(def.subject),
      callback: (err, msg) => {
        if (err) {
          logger.error({ err, subject: def.subject }, 'rpc subscription failed');
          return;
        }
        const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
        const ctx: RpcContext = requestId ? { requestId } : {};
        const answered = this.track(
          withCarriedTrace(carrierOfHeaders(msg.headers), () =>
            answerRequest(def, handler as Handler, msg.string(), ctx, logger),
          ).then((reply) => {
            try {
              if (!msg.respond(reply))
                logger.warn({ subject: def.subject }, 'rpc request had no reply subject');
            } catch (err) {
              logger.warn({ err, subject: def.subject, reqId: requestId }, 'rpc reply could not be sent');
            }
          }),
        );
        mine.add(answered);
        void answered.finally(() => mine.delete(answered)).catch(() => undefined);
      },
    });
    return this.keep(async () => {
      this.served.delete(def.subject);
      if (!sub.isClosed()) await sub.drain().catch(() => undefined);
      await Promise.allSettled([...mine]);
    });
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (this.unavailable()) throw new BusUnavailableError();
    const checked = eventEnvelopeSchema.safeParse(event);
    if (!checked.success)
      throw new ValidationError('Invalid event envelope', { issues: checked.error.issues });
    const ack = await this.deps.js.publish(
      this.deps.names.eventSubject(event.type),
      JSON.stringify(checked.data),
      { msgID: event.id, headers: headersWithTrace() },
    );
    if (ack.duplicate) this.logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
  }

  async consume(consumeOpts: ConsumeOptions): Promise<Subscription> {
    if (this.unavailable()) throw new BusUnavailableError();
    const pause = pausingOnOutage(consumeOpts.handler, this.logger, consumeOpts.durable);
    const inner = stoppingPause(
      await startNatsConsumer(consumerPolicy(consumeOpts), pause.handler, this.deps),
      pause,
    );
    return this.keep(() => inner.stop());
  }

  async listen(listenOpts: ListenOptions): Promise<Subscription> {
    if (this.unavailable()) throw new BusUnavailableError();
    // Core subscriptions on the events' subjects: JetStream stores what is published there,
    // and every core subscriber hears it too, in every process (no queue group).
    const subs = listenOpts.types.map((type) =>
      this.nc.subscribe(this.deps.names.eventSubject(type), {
        callback: (err, msg) => {
          if (err) {
            this.logger.warn({ err, type }, 'event listener subscription failed');
            return;
          }
          withCarriedTrace(carrierOfHeaders(msg.headers), () =>
            hear(msg.string(), type, listenOpts.handler, this.logger),
          );
        },
      }),
    );
    // The server knows the subscriptions once the flush returns: events published after
    // listen() resolves are heard.
    await this.nc.flush();
    return this.keep(async () => {
      await Promise.allSettled(subs.map((sub) => (sub.isClosed() ? undefined : sub.unsubscribe())));
    });
  }

  async ready(): Promise<boolean> {
    if (this.unavailable() || !this.connection.up) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.nc.rtt(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('nats ping timed out')), 1000);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    await Promise.allSettled([...this.subscriptions].map((s) => s.stop()));
    // RPC handlers still running get the drain period; a caller past it sees its own timeout.
    await within(Promise.allSettled([...this.running]), this.deps.drainMs);
    if (!this.nc.isClosed())
      await this.nc.drain().catch((err) => this.logger.warn({ err }, 'nats drain failed'));
  }

  deadLetters(durable: string) {
    return readDeadLetters(durable, this.deps);
  }
}

/** One event heard by a listener: parsed, then handed over; neither step may throw out. */
function hear(text: string, type: string, handler: (event: EventEnvelope) => void, logger: Logger): void {
  let event: EventEnvelope;
  try {
    event = eventEnvelopeSchema.parse(JSON.parse(text)) as EventEnvelope;
  } catch (parseErr) {
    logger.warn({ err: parseErr, type }, 'unreadable event ignored by listener');
    return;
  }
  try {
    handler(event);
  } catch (handlerErr) {
    logger.warn({ err: handlerErr, type }, 'event listener failed');
  }
}

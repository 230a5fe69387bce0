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
import { connect } from '@nats-io/transport-node';
import { pino } from 'pino';
import { ValidationError } from '../errors';
import type { Logger } from '../logger';
import { consumerPolicy, type InspectableBus, pausingOnOutage, stoppingPause } from './delivery';
import { BusNoRespondersError, BusTimeoutError, BusUnavailableError } from './errors';
import { type NatsConsumerDeps, readDeadLetters, startNatsConsumer } from './nats-consumer';
import { ensureStreams, natsNames } from './nats-streams';
import { answerRequest, decodeReply, encodeRequest, REQUEST_ID_HEADER } from './rpc-wire';
import type { RpcContext, Subscription } from './types';

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
  let connected = true;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        connected = false;
        logger.warn({ server: s.server }, 'nats disconnected');
      } else if (s.type === 'reconnect') {
        connected = true;
        logger.info({ server: s.server }, 'nats reconnected');
      }
    }
  })().catch(() => undefined);

  const names = natsNames(opts.streamPrefix, opts.subjectPrefix);
  const rpcSubject = (subject: string) => `${opts.subjectPrefix ?? ''}${subject}`;
  let deps: NatsConsumerDeps;
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStreams(jsm, names);
    deps = {
      js: jetstream(nc),
      jsm,
      names,
      logger,
      ackWaitMs: opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
      drainMs: opts.drainMs ?? 5000,
      multipleFilters: atLeast(nc.info?.version, 2, 10),
    };
  } catch (err) {
    await nc.close();
    throw err;
  }

  const served = new Set<string>();
  const running = new Set<Promise<unknown>>();
  const subscriptions = new Set<Subscription>();
  let draining = false;
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  };
  const unavailable = () => draining || nc.isClosed() || nc.isDraining();

  return {
    kind: 'nats',

    async request(def, data, requestOpts) {
      if (unavailable()) throw new BusUnavailableError();
      const text = encodeRequest(def, data);
      const timeoutMs = requestOpts?.timeoutMs ?? def.timeoutMs;
      const h = headers();
      if (requestOpts?.requestId) h.set(REQUEST_ID_HEADER, requestOpts.requestId);
      let reply: string;
      try {
        reply = (
          await nc.request(rpcSubject(def.subject), text, { timeout: timeoutMs, headers: h })
        ).string();
      } catch (err) {
        throw requestFailure(err, def, timeoutMs);
      }
      return decodeReply(def, reply);
    },

    serve(def, handler) {
      if (unavailable()) throw new BusUnavailableError();
      if (served.has(def.subject)) throw new Error(`${def.subject} is already served in this process`);
      served.add(def.subject);
      const mine = new Set<Promise<unknown>>();
      const sub = nc.subscribe(rpcSubject(def.subject), {
        queue: rpcSubject(def.subject),
        callback: (err, msg) => {
          if (err) {
            logger.error({ err, subject: def.subject }, 'rpc subscription failed');
            return;
          }
          const requestId = msg.headers?.get(REQUEST_ID_HEADER) || undefined;
          const ctx: RpcContext = requestId ? { requestId } : {};
          const answered = track(
            answerRequest(def, handler as Handler, msg.string(), ctx, logger).then((reply) => {
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
      const subscription: Subscription = {
        async stop() {
          subscriptions.delete(subscription);
          served.delete(def.subject);
          if (!sub.isClosed()) await sub.drain().catch(() => undefined);
          await Promise.allSettled([...mine]);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async publish(event: EventEnvelope) {
      if (unavailable()) throw new BusUnavailableError();
      const checked = eventEnvelopeSchema.safeParse(event);
      if (!checked.success)
        throw new ValidationError('Invalid event envelope', { issues: checked.error.issues });
      const ack = await deps.js.publish(names.eventSubject(event.type), JSON.stringify(checked.data), {
        msgID: event.id,
      });
      if (ack.duplicate) logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
    },

    async consume(consumeOpts) {
      if (unavailable()) throw new BusUnavailableError();
      const pause = pausingOnOutage(consumeOpts.handler, logger, consumeOpts.durable);
      const inner = stoppingPause(
        await startNatsConsumer(consumerPolicy(consumeOpts), pause.handler, deps),
        pause,
      );
      const subscription: Subscription = {
        async stop() {
          subscriptions.delete(subscription);
          await inner.stop();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async listen(listenOpts) {
      if (unavailable()) throw new BusUnavailableError();
      // Core subscriptions on the events' subjects: JetStream stores what is published there,
      // and every core subscriber hears it too, in every process (no queue group).
      const subs = listenOpts.types.map((type) =>
        nc.subscribe(names.eventSubject(type), {
          callback: (err, msg) => {
            if (err) {
              logger.warn({ err, type }, 'event listener subscription failed');
              return;
            }
            let event: EventEnvelope;
            try {
              event = eventEnvelopeSchema.parse(JSON.parse(msg.string())) as EventEnvelope;
            } catch (parseErr) {
              logger.warn({ err: parseErr, type }, 'unreadable event ignored by listener');
              return;
            }
            try {
              listenOpts.handler(event);
            } catch (handlerErr) {
              logger.warn({ err: handlerErr, type }, 'event listener failed');
            }
          },
        }),
      );
      // The server knows the subscriptions once the flush returns: events published after
      // listen() resolves are heard.
      await nc.flush();
      const subscription: Subscription = {
        async stop() {
          subscriptions.delete(subscription);
          await Promise.allSettled(subs.map((sub) => (sub.isClosed() ? undefined : sub.unsubscribe())));
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async ready() {
      if (unavailable() || !connected) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          nc.rtt(),
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
    },

    async drain() {
      if (draining) return;
      draining = true;
      await Promise.allSettled([...subscriptions].map((s) => s.stop()));
      // RPC handlers still running get the drain period; a caller past it sees its own timeout.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, deps.drainMs);
        }),
      ]);
      clearTimeout(timer);
      if (!nc.isClosed()) await nc.drain().catch((err) => logger.warn({ err }, 'nats drain failed'));
    },

    async deadLetters(durable) {
      return readDeadLetters(durable, deps);
    },
  };
}

import { type EventEnvelope, eventEnvelopeSchema, type RpcDef } from '@acg/contracts';
import { pino } from 'pino';
import { ValidationError } from '../errors';
import type { Logger } from '../logger';
import {
  consumerPolicy,
  DUPLICATE_WINDOW_MS,
  type InspectableBus,
  pausingOnOutage,
  stoppingPause,
} from './delivery';
import { BusNoRespondersError, BusTimeoutError, BusUnavailableError } from './errors';
import { MemoryStream } from './memory-stream';
import { answerRequest, decodeReply, encodeRequest } from './rpc-wire';
import type { ListenOptions, RpcContext, Subscription } from './types';

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
  const logger = opts.logger ?? pino({ level: 'silent' });
  const handlers = new Map<string, { def: RpcDef; handler: Handler; running: Set<Promise<string>> }>();
  const stream = new MemoryStream({
    logger,
    duplicateWindowMs: opts.duplicateWindowMs ?? DUPLICATE_WINDOW_MS,
    maxEvents: opts.maxEvents ?? 10_000,
    maxUnread: opts.maxUnread ?? 500_000,
    maxDeadLetters: 1000,
  });
  let closed = false;
  const listeners = new Set<ListenOptions>();
  /** Live listeners hear a fresh copy of each new event on a later macrotask, as over the wire. */
  const tell = (event: EventEnvelope) => {
    if (listeners.size === 0) return;
    const body = JSON.stringify(event);
    setImmediate(() => {
      for (const listener of listeners) {
        if (!listener.types.includes(event.type)) continue;
        try {
          listener.handler(JSON.parse(body) as EventEnvelope);
        } catch (err) {
          logger.warn({ err, type: event.type }, 'event listener failed');
        }
      }
    });
  };

  return {
    kind: 'memory',

    async request(def, data, requestOpts) {
      if (closed) throw new BusUnavailableError();
      const text = encodeRequest(def, data);
      const served = handlers.get(def.subject);
      if (!served) throw new BusNoRespondersError(def.subject);
      const timeoutMs = requestOpts?.timeoutMs ?? def.timeoutMs;
      const ctx: RpcContext = requestOpts?.requestId ? { requestId: requestOpts.requestId } : {};
      const answer = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
        answerRequest(served.def, served.handler, text, ctx, logger),
      );
      served.running.add(answer);
      void answer.finally(() => served.running.delete(answer));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BusTimeoutError(def.subject, timeoutMs)), timeoutMs);
      });
      try {
        return decodeReply(def, await Promise.race([answer, timeout]));
      } finally {
        clearTimeout(timer);
      }
    },

    serve(def, handler) {
      if (closed) throw new BusUnavailableError();
      if (handlers.has(def.subject)) throw new Error(`${def.subject} is already served in this process`);
      const entry = { def, handler: handler as Handler, running: new Set<Promise<string>>() };
      handlers.set(def.subject, entry);
      const sub: Subscription = {
        async stop() {
          if (handlers.get(def.subject) === entry) handlers.delete(def.subject);
          await Promise.allSettled([...entry.running]);
        },
      };
      return sub;
    },

    async publish(event: EventEnvelope) {
      if (closed) throw new BusUnavailableError();
      const checked = eventEnvelopeSchema.safeParse(event);
      if (!checked.success)
        throw new ValidationError('Invalid event envelope', { issues: checked.error.issues });
      if (!stream.append(checked.data as EventEnvelope)) {
        logger.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
      } else tell(checked.data as EventEnvelope);
    },

    async consume(consumeOpts) {
      if (closed) throw new BusUnavailableError();
      const pause = pausingOnOutage(consumeOpts.handler, logger, consumeOpts.durable);
      return stoppingPause(stream.consume(consumerPolicy(consumeOpts), pause.handler), pause);
    },

    async listen(listenOpts) {
      if (closed) throw new BusUnavailableError();
      const listener = { ...listenOpts };
      listeners.add(listener);
      return {
        async stop() {
          listeners.delete(listener);
        },
      };
    },

    async ready() {
      return !closed;
    },

    async drain() {
      if (closed) return;
      closed = true;
      listeners.clear();
      const running = [...handlers.values()].flatMap((h) => [...h.running]);
      handlers.clear();
      await Promise.allSettled([stream.stop(), ...running]);
    },

    async deadLetters(durable) {
      return stream.deadLetters(durable);
    },
  };
}

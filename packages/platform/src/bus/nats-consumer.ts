import { type EventEnvelope, eventEnvelopeSchema } from '@acg/contracts';
import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  ReplayPolicy,
} from '@nats-io/jetstream';
import { headers, nanos } from '@nats-io/nats-core';
import type { Logger } from '../logger';
import { withCarriedTrace } from '../tracing/spans';
import { type ConsumerPolicy, type DeadLetter, errorMessage, redeliveryDelay } from './delivery';
import { isConsumerNotFound, type NatsNames } from './nats-streams';
import { carrierOfHeaders } from './trace-headers';
import type { ConsumeOptions, Subscription } from './types';

export interface NatsConsumerDeps {
  js: JetStreamClient;
  jsm: JetStreamManager;
  names: NatsNames;
  logger: Logger;
  /** How long a delivery may stay unanswered (handler crashed or hung) before redelivery. */
  ackWaitMs: number;
  /** How long stop() waits for the handler in flight before handing its message back (nak). */
  drainMs: number;
  /** Servers before 2.10 take one filter subject per consumer. */
  multipleFilters: boolean;
}

const DL_HEADER = {
  durable: 'x-dead-letter-durable',
  subject: 'x-dead-letter-subject',
  deliveries: 'x-dead-letter-deliveries',
  error: 'x-dead-letter-error',
  at: 'x-dead-letter-at',
} as const;

/** How long one pull waits on the server for a message before the next pull. */
const PULL_EXPIRES_MS = 30_000;
const PULL_RETRY_MS = 1000;

/**
 * Filter for the consumer's event types. Old servers get one subject: the type's own, or the
 * whole events wildcard when there are several (the loop then acks other types unhandled).
 */
function filterFor(policy: ConsumerPolicy, deps: NatsConsumerDeps): Partial<ConsumerConfig> {
  const subjects = policy.types.map((t) => deps.names.eventSubject(t));
  if (deps.multipleFilters) return { filter_subjects: subjects, filter_subject: undefined };
  return {
    filter_subject: subjects.length === 1 ? subjects[0] : deps.names.eventsWildcard,
    filter_subjects: undefined,
  };
}

/**
 * Creates the durable consumer or updates the settings that may change. The server allows one
 * delivery more than maxDeliver: it only happens when the last attempt never answered (the
 * process died), and that delivery goes straight to the dead-letter stream.
 */
async function ensureConsumer(policy: ConsumerPolicy, deps: NatsConsumerDeps): Promise<void> {
  const stream = deps.names.eventsStream;
  const updatable: Partial<ConsumerConfig> = {
    ack_wait: nanos(deps.ackWaitMs),
    max_deliver: policy.maxDeliver + 1,
    max_ack_pending: 1000,
    ...filterFor(policy, deps),
  };
  try {
    await deps.jsm.consumers.info(stream, policy.durable);
  } catch (err) {
    if (!isConsumerNotFound(err)) throw err;
    try {
      await deps.jsm.consumers.add(stream, {
        durable_name: policy.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        replay_policy: ReplayPolicy.Instant,
        ...updatable,
      });
      return;
    } catch (addErr) {
      // Another process created it first: fall through to the update below.
      deps.logger.debug({ err: addErr, durable: policy.durable }, 'consumer create raced, updating');
    }
  }
  await deps.jsm.consumers.update(stream, policy.durable, updatable);
}

/**
 * The one answer a delivery gets. stop() may hand a message back (nak) while its handler still
 * runs past the drain period; the handler's own ack or nak that may follow is then dropped.
 */
interface Answer {
  readonly given: boolean;
  ack(): void;
  nak(delayMs?: number): void;
  term(): void;
}

function answerOnce(m: JsMsg): Answer {
  let given = false;
  const once = (act: () => void) => {
    if (given) return;
    given = true;
    act();
  };
  return {
    get given() {
      return given;
    },
    ack: () => once(() => m.ack()),
    nak: (delayMs) => once(() => m.nak(delayMs)),
    term: () => once(() => m.term()),
  };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const headerValue = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 512);

async function deadLetter(
  m: JsMsg,
  answer: Answer,
  policy: ConsumerPolicy,
  deps: NatsConsumerDeps,
  event: EventEnvelope | null,
  error: string,
): Promise<void> {
  const h = headers();
  h.set(DL_HEADER.durable, policy.durable);
  h.set(DL_HEADER.subject, m.subject);
  h.set(DL_HEADER.deliveries, String(m.info.deliveryCount));
  h.set(DL_HEADER.error, headerValue(error));
  h.set(DL_HEADER.at, new Date().toISOString());
  try {
    await deps.js.publish(deps.names.deadLetterSubject(policy.durable), m.data, {
      msgID: `${policy.durable}:${m.seq}`,
      headers: h,
    });
  } catch (err) {
    // Keep the event: the server redelivers it once more and we try again.
    deps.logger.error({ err, durable: policy.durable, seq: m.seq }, 'dead-letter publish failed');
    answer.nak(redeliveryDelay(policy.backoffMs, m.info.deliveryCount));
    return;
  }
  answer.term();
  deps.logger.error(
    {
      durable: policy.durable,
      eventId: event?.id,
      subject: m.subject,
      deliveryCount: m.info.deliveryCount,
      error,
    },
    'event dead-lettered',
  );
}

async function handleMessage(
  m: JsMsg,
  answer: Answer,
  policy: ConsumerPolicy,
  handler: ConsumeOptions['handler'],
  deps: NatsConsumerDeps,
): Promise<void> {
  const deliveryCount = m.info.deliveryCount;
  let event: EventEnvelope;
  try {
    event = eventEnvelopeSchema.parse(m.json()) as EventEnvelope;
  } catch {
    await deadLetter(m, answer, policy, deps, null, 'not a valid event envelope');
    return;
  }
  if (!policy.types.includes(event.type)) {
    answer.ack();
    return;
  }
  if (deliveryCount > policy.maxDeliver) {
    await deadLetter(m, answer, policy, deps, event, 'delivery limit reached without an answer');
    return;
  }
  // Tell the server we are still at it, so a long handler is not redelivered elsewhere meanwhile;
  // only a dead process lets ack_wait run out.
  const heartbeat = setInterval(
    () => {
      if (answer.given) return;
      try {
        m.working();
      } catch {
        // Connection gone: the server will redeliver after ack_wait, nothing to do here.
      }
    },
    Math.max(deps.ackWaitMs / 3, 100),
  );
  try {
    await withCarriedTrace(carrierOfHeaders(m.headers), () => handler(event, { deliveryCount }));
  } catch (err) {
    if (deliveryCount >= policy.maxDeliver) {
      await deadLetter(m, answer, policy, deps, event, errorMessage(err));
      return;
    }
    const delay = redeliveryDelay(policy.backoffMs, deliveryCount);
    deps.logger.warn(
      { err, durable: policy.durable, eventId: event.id, type: event.type, deliveryCount, delay },
      'event handler failed, will redeliver',
    );
    answer.nak(delay);
    return;
  } finally {
    clearInterval(heartbeat);
  }
  answer.ack();
}

/** What one consume() call's pull loop and its stop() share. */
interface PullState {
  stopping: boolean;
  current?: ConsumerMessages;
  inFlight?: { m: JsMsg; answer: Answer };
  wake: () => void;
}

type PullConsumer = Awaited<ReturnType<NatsConsumerDeps['js']['consumers']['get']>>;

/** Waits `ms`, or less if stop() wakes it. */
const pause = (state: PullState, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    state.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

/** Pulls and handles one message at a time until stopped; a failed pull is retried after a pause. */
async function pullLoop(
  consumer: PullConsumer,
  state: PullState,
  policy: ConsumerPolicy,
  handler: ConsumeOptions['handler'],
  deps: NatsConsumerDeps,
): Promise<void> {
  while (!state.stopping) {
    try {
      const current = await consumer.fetch({ max_messages: 1, expires: PULL_EXPIRES_MS });
      state.current = current;
      if (state.stopping) {
        await current.close();
        break;
      }
      for await (const m of current) {
        // Pulled as stop() came: hand it back at once for the durable's other consumers.
        if (state.stopping) {
          m.nak();
          continue;
        }
        const answer = answerOnce(m);
        state.inFlight = { m, answer };
        await handleMessage(m, answer, policy, handler, deps)
          .catch((err) => {
            deps.logger.error(
              { err, durable: policy.durable, seq: m.seq },
              'event handling failed unexpectedly',
            );
            answer.nak(redeliveryDelay(policy.backoffMs, m.info.deliveryCount));
          })
          .finally(() => {
            state.inFlight = undefined;
          });
      }
    } catch (err) {
      if (state.stopping) break;
      deps.logger.warn({ err, durable: policy.durable }, 'event pull failed, retrying');
      await pause(state, PULL_RETRY_MS);
    }
  }
}

/**
 * Stops the loop. The handler in flight may finish within the drain period; past it, its message
 * goes back to the server at once (nak) for another process, rather than after ack_wait.
 */
async function stopPulling(
  state: PullState,
  loop: Promise<void>,
  policy: ConsumerPolicy,
  deps: NatsConsumerDeps,
) {
  if (state.stopping) return;
  state.stopping = true;
  state.wake();
  let timer: NodeJS.Timeout | undefined;
  const finished = Promise.all([state.current?.close().catch(() => undefined), loop]);
  const outcome = await Promise.race([
    finished.then(() => 'finished' as const),
    new Promise<'cut'>((resolve) => {
      timer = setTimeout(() => resolve('cut'), deps.drainMs);
    }),
  ]);
  clearTimeout(timer);
  const inFlight = state.inFlight;
  if (outcome === 'cut' && inFlight && !inFlight.answer.given) {
    inFlight.answer.nak();
    deps.logger.warn(
      { durable: policy.durable, seq: inFlight.m.seq, drainMs: deps.drainMs },
      'event handler unfinished at shutdown, message handed back',
    );
  }
}

/**
 * One consume() call: pulls one message at a time, only when the previous one is answered, so
 * a slow or stuck handler never holds other messages hostage in a client-side buffer (they stay
 * with the server for the durable's other consumers).
 */
export async function startNatsConsumer(
  policy: ConsumerPolicy,
  handler: ConsumeOptions['handler'],
  deps: NatsConsumerDeps,
): Promise<Subscription> {
  await ensureConsumer(policy, deps);
  const consumer = await deps.js.consumers.get(deps.names.eventsStream, policy.durable);
  const state: PullState = { stopping: false, wake: () => {} };
  const loop = pullLoop(consumer, state, policy, handler, deps);
  return { stop: () => stopPulling(state, loop, policy, deps) };
}

/** Reads a durable's dead letters back from the DEADLETTER stream, oldest first. */
export async function readDeadLetters(durable: string, deps: NatsConsumerDeps): Promise<DeadLetter[]> {
  const stream = deps.names.deadLetterStream;
  const subject = deps.names.deadLetterSubject(durable);
  const info = await deps.jsm.streams.info(stream, { subjects_filter: subject });
  const count = info.state.subjects?.[subject] ?? 0;
  if (count === 0) return [];
  // A short-lived reader that acks nothing, so reading never changes what is stored.
  const reader = await deps.jsm.consumers.add(stream, {
    ack_policy: AckPolicy.None,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subject,
    inactive_threshold: nanos(30_000),
    mem_storage: true,
  });
  const letters: DeadLetter[] = [];
  try {
    const batch = await deps.js.consumers
      .getConsumerFromInfo(reader)
      .fetch({ max_messages: count, expires: 2000 });
    for await (const m of batch) {
      const parsed = eventEnvelopeSchema.safeParse(parseJson(m.string()));
      letters.push({
        durable,
        subject: m.headers?.get(DL_HEADER.subject) ?? '',
        event: parsed.success ? (parsed.data as EventEnvelope) : null,
        deliveryCount: Number(m.headers?.get(DL_HEADER.deliveries)),
        error: m.headers?.get(DL_HEADER.error) ?? '',
        deadAt: m.headers?.get(DL_HEADER.at) ?? '',
      });
    }
  } finally {
    await deps.jsm.consumers.delete(stream, reader.name).catch(() => undefined);
  }
  return letters;
}

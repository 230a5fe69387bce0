import { type EventEnvelope, eventSubject } from '@acg/contracts';
import type { Logger } from '../logger';
import { type TraceCarrier, withCarriedTrace } from '../tracing/spans';
import {
  type ConsumerPolicy,
  type DeadLetter,
  deadLetterSubject,
  errorMessage,
  redeliveryDelay,
} from './delivery';
import type { ConsumeOptions, Subscription } from './types';

/**
 * The in-process stand-in for the JetStream EVENTS stream: a bounded log of published
 * envelopes, de-duplicated by id within a window, read by durable consumers that keep their
 * own position (deliver-all, so a consumer started later still sees earlier events), ack by
 * handler resolution and redeliver with backoff up to maxDeliver, then dead-letter.
 */
export interface MemoryStreamOptions {
  logger: Logger;
  duplicateWindowMs: number;
  /**
   * Events kept for consumers that start later: beyond this many, the oldest every durable has
   * read are dropped. An event a durable has not read yet is kept (the NATS stream has no
   * message limit, so it never drops one either) up to `maxUnread`, then dropped with a warning.
   */
  maxEvents: number;
  maxUnread: number;
  /** Dead letters kept per durable. */
  maxDeadLetters: number;
}

interface StoredEvent {
  seq: number;
  type: string;
  /** JSON text, so every delivery hands the handler a fresh copy, as the wire would. */
  body: string;
  /** The publisher's trace (the headers of a NATS message). */
  trace?: TraceCarrier;
}

interface Redelivery {
  event: StoredEvent;
  deliveryCount: number;
  /** Set by the backoff timer (not by comparing clocks: timers may fire a little early). */
  due: boolean;
}

interface Worker {
  handler: ConsumeOptions['handler'];
  busy: Promise<void> | null;
}

interface Durable {
  policy: ConsumerPolicy;
  types: Set<string>;
  /** Next log sequence this durable has not looked at yet. */
  nextSeq: number;
  /** Deliveries counted so far for events that failed and wait for their next attempt. */
  redeliveries: Redelivery[];
  workers: Worker[];
  turn: number;
  pumpQueued: boolean;
}

export class MemoryStream {
  private readonly log: StoredEvent[] = [];
  private lastSeq = 0;
  /** Envelope id -> time it leaves the duplicate window; insertion order is expiry order. */
  private readonly seenIds = new Map<string, number>();
  private readonly durables = new Map<string, Durable>();
  private readonly deadLetterLists = new Map<string, DeadLetter[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly immediates = new Set<NodeJS.Immediate>();

  constructor(private readonly opts: MemoryStreamOptions) {}

  /** Returns false when the id was already published within the window. */
  append(event: EventEnvelope, trace?: TraceCarrier): boolean {
    const now = Date.now();
    for (const [id, expiresAt] of this.seenIds) {
      if (expiresAt > now) break;
      this.seenIds.delete(id);
    }
    if (this.seenIds.has(event.id)) return false;
    this.seenIds.set(event.id, now + this.opts.duplicateWindowMs);
    this.lastSeq += 1;
    this.log.push({ seq: this.lastSeq, type: event.type, body: JSON.stringify(event), trace });
    if (this.log.length > this.opts.maxEvents) this.trim();
    for (const durable of this.durables.values()) {
      if (durable.types.has(event.type)) this.schedulePump(durable);
    }
    return true;
  }

  /** Drops the oldest events beyond maxEvents that every durable has read (see maxEvents). */
  private trim(): void {
    const first = this.log[0]?.seq ?? this.lastSeq + 1;
    let cut = first + this.log.length - this.opts.maxEvents; // events below `cut` may go
    for (const durable of this.durables.values()) {
      // Events of types a durable does not take count as read.
      while (durable.nextSeq < cut && !durable.types.has(this.log[durable.nextSeq - first]?.type ?? '')) {
        durable.nextSeq += 1;
      }
      cut = Math.min(cut, durable.nextSeq);
    }
    cut = Math.max(cut, first + this.log.length - this.opts.maxUnread);
    if (cut > first) this.log.splice(0, cut - first);
  }

  /** Creates the durable on first use (from the start of the log) or updates its policy. */
  consume(policy: ConsumerPolicy, handler: ConsumeOptions['handler']): Subscription {
    let durable = this.durables.get(policy.durable);
    if (durable) {
      durable.policy = policy;
      durable.types = new Set(policy.types);
    } else {
      durable = {
        policy,
        types: new Set(policy.types),
        nextSeq: this.log[0]?.seq ?? this.lastSeq + 1,
        redeliveries: [],
        workers: [],
        turn: 0,
        pumpQueued: false,
      };
      this.durables.set(policy.durable, durable);
    }
    const worker: Worker = { handler, busy: null };
    durable.workers.push(worker);
    this.schedulePump(durable);
    const owner = durable;
    return {
      stop: async () => {
        owner.workers = owner.workers.filter((w) => w !== worker);
        await worker.busy;
      },
    };
  }

  deadLetters(durable: string): DeadLetter[] {
    return [...(this.deadLetterLists.get(durable) ?? [])];
  }

  /** Stops every consumer and waits for the handlers still running. */
  async stop(): Promise<void> {
    const running: Promise<void>[] = [];
    for (const durable of this.durables.values()) {
      for (const w of durable.workers) if (w.busy) running.push(w.busy);
      durable.workers = [];
    }
    for (const t of this.timers) clearTimeout(t);
    for (const i of this.immediates) clearImmediate(i);
    this.timers.clear();
    this.immediates.clear();
    await Promise.allSettled(running);
  }

  // Delivery always starts from a fresh macrotask, never inside publish() or consume().
  private schedulePump(durable: Durable): void {
    if (durable.pumpQueued) return;
    durable.pumpQueued = true;
    const immediate = setImmediate(() => {
      this.immediates.delete(immediate);
      durable.pumpQueued = false;
      this.pump(durable);
    });
    this.immediates.add(immediate);
  }

  private pump(durable: Durable): void {
    for (;;) {
      const worker = this.idleWorker(durable);
      if (!worker) return;
      const next = this.takeNext(durable);
      if (!next) return;
      worker.busy = this.deliver(durable, worker, next.event, next.deliveryCount).finally(() => {
        worker.busy = null;
        this.schedulePump(durable);
      });
    }
  }

  /** Round robin over idle workers, so several consume() calls on one durable share the work. */
  private idleWorker(durable: Durable): Worker | undefined {
    const n = durable.workers.length;
    for (let i = 0; i < n; i++) {
      const w = durable.workers[(durable.turn + i) % n];
      if (w && !w.busy) {
        durable.turn = (durable.turn + i + 1) % n;
        return w;
      }
    }
    return undefined;
  }

  private takeNext(durable: Durable): { event: StoredEvent; deliveryCount: number } | undefined {
    let due = -1;
    durable.redeliveries.forEach((r, i) => {
      const best = durable.redeliveries[due];
      if (r.due && (!best || r.event.seq < best.event.seq)) due = i;
    });
    if (due >= 0) {
      const [r] = durable.redeliveries.splice(due, 1);
      if (r) return { event: r.event, deliveryCount: r.deliveryCount + 1 };
    }
    const first = this.log[0]?.seq ?? this.lastSeq + 1;
    if (durable.nextSeq < first) {
      this.opts.logger.warn(
        { durable: durable.policy.durable, missed: first - durable.nextSeq },
        'consumer fell behind the in-memory event log; oldest events were dropped',
      );
      durable.nextSeq = first;
    }
    while (durable.nextSeq <= this.lastSeq) {
      const event = this.log[durable.nextSeq - first];
      durable.nextSeq += 1;
      if (event && durable.types.has(event.type)) return { event, deliveryCount: 1 };
    }
    return undefined;
  }

  private async deliver(
    durable: Durable,
    worker: Worker,
    event: StoredEvent,
    deliveryCount: number,
  ): Promise<void> {
    const { policy } = durable;
    try {
      await withCarriedTrace(event.trace, () =>
        worker.handler(JSON.parse(event.body) as EventEnvelope, { deliveryCount }),
      );
    } catch (err) {
      if (deliveryCount >= policy.maxDeliver) {
        this.deadLetter(policy.durable, event, deliveryCount, err);
        return;
      }
      const delay = redeliveryDelay(policy.backoffMs, deliveryCount);
      this.opts.logger.warn(
        { err, durable: policy.durable, type: event.type, deliveryCount, delay },
        'event handler failed, will redeliver',
      );
      const redelivery: Redelivery = { event, deliveryCount, due: false };
      durable.redeliveries.push(redelivery);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        redelivery.due = true;
        this.schedulePump(durable);
      }, delay);
      this.timers.add(timer);
    }
  }

  private deadLetter(durable: string, event: StoredEvent, deliveryCount: number, err: unknown): void {
    const envelope = JSON.parse(event.body) as EventEnvelope;
    const letter: DeadLetter = {
      durable,
      subject: eventSubject(event.type),
      event: envelope,
      deliveryCount,
      error: errorMessage(err),
      deadAt: new Date().toISOString(),
    };
    const list = this.deadLetterLists.get(durable) ?? [];
    list.push(letter);
    if (list.length > this.opts.maxDeadLetters) list.shift();
    this.deadLetterLists.set(durable, list);
    this.opts.logger.error(
      {
        err,
        durable,
        subject: deadLetterSubject(durable),
        eventId: envelope.id,
        type: event.type,
        deliveryCount,
      },
      'event dead-lettered',
    );
  }
}

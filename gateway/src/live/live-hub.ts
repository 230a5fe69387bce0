import type { EventEnvelope } from '@acg/contracts';
import type { Bus, Logger, Subscription } from '@acg/platform';
import { EVERYONE, isFor, LIVE_EVENT_TYPES, type LiveEvent, liveEventOf, sseFrame } from './live-events';

/** One open stream of one signed-in browser tab. */
export interface LiveConnection {
  userId: number;
  sessionId: string;
  /** Writes a frame; the connection decides whether it can still take it. */
  send(frame: string): void;
  /** Ends the stream, after telling the browser why (`event: closed`). */
  close(reason: LiveCloseReason): void;
}
export type LiveCloseReason = 'signed-out' | 'shutdown' | 'replaced' | 'too-slow';

export interface LiveHubOptions {
  logger: Logger;
  /** Events kept for replay after a reconnect (Last-Event-ID). */
  replayMax: number;
  /** ...and for at most this long. */
  replayMs: number;
  /** Open streams per user; a new one beyond it closes that user's oldest. */
  maxPerUser: number;
}

/**
 * The gateway's side of the live stream: hears every live event on the bus (every replica
 * hears all of them: bus.listen is a fan-out, not a work queue), keeps the recent ones for
 * replay, and writes each to the open streams of the users it concerns, and to nobody else.
 */
export class LiveHub {
  private readonly recent: LiveEvent[] = [];
  private readonly recentIds = new Set<string>();
  private readonly received = new Map<string, number>();
  private readonly byUser = new Map<number, Set<LiveConnection>>();
  private subscription: Subscription | undefined;

  constructor(private readonly opts: LiveHubOptions) {}

  async start(bus: Bus): Promise<void> {
    this.subscription = await bus.listen({
      types: [...LIVE_EVENT_TYPES],
      handler: (event) => this.publish(event),
    });
  }

  /** Delivers a bus event to its users' streams (once per envelope id: a relay may republish). */
  publish(envelope: EventEnvelope): void {
    const event = liveEventOf(envelope);
    if (!event || this.recentIds.has(event.id)) return;
    this.remember(event);
    const frame = sseFrame(event);
    const users = event.userIds === EVERYONE ? [...this.byUser.keys()] : event.userIds;
    for (const userId of users) {
      for (const connection of this.byUser.get(userId) ?? []) connection.send(frame);
    }
  }

  /**
   * What a user missed since the event `lastEventId`: their later events, oldest first; or
   * undefined when that event is no longer (or never was) known here, and the browser must
   * re-read what it shows.
   */
  replay(userId: number, lastEventId: string): LiveEvent[] | undefined {
    this.forgetOld();
    const at = this.recent.findIndex((e) => e.id === lastEventId);
    if (at < 0) return undefined;
    return this.recent.slice(at + 1).filter((e) => isFor(e, userId));
  }

  add(connection: LiveConnection): void {
    const own = this.byUser.get(connection.userId) ?? new Set();
    this.byUser.set(connection.userId, own);
    own.add(connection);
    // Sets iterate in insertion order: the first ones are the oldest.
    while (own.size > this.opts.maxPerUser) {
      const oldest = own.values().next().value as LiveConnection;
      own.delete(oldest);
      oldest.close('replaced');
    }
  }

  remove(connection: LiveConnection): void {
    const own = this.byUser.get(connection.userId);
    if (!own) return;
    own.delete(connection);
    if (own.size === 0) this.byUser.delete(connection.userId);
  }

  /** Closes every stream opened with a session (it was signed out here). */
  closeSession(sessionId: string): void {
    for (const own of [...this.byUser.values()]) {
      for (const connection of [...own]) {
        if (connection.sessionId !== sessionId) continue;
        this.remove(connection);
        connection.close('signed-out');
      }
    }
  }

  /** Open streams (of one user, or all). */
  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const own of this.byUser.values()) n += own.size;
    return n;
  }

  /** Stops listening and ends every stream (the gateway is shutting down). */
  async close(): Promise<void> {
    await this.subscription
      ?.stop()
      .catch((err) => this.opts.logger.warn({ err }, 'live listener stop failed'));
    for (const own of [...this.byUser.values()]) {
      for (const connection of [...own]) connection.close('shutdown');
    }
    this.byUser.clear();
  }

  private remember(event: LiveEvent): void {
    this.recent.push(event);
    this.recentIds.add(event.id);
    this.received.set(event.id, Date.now());
    while (this.recent.length > this.opts.replayMax) this.dropOldest();
    this.forgetOld();
  }

  private forgetOld(): void {
    const cutoff = Date.now() - this.opts.replayMs;
    while (this.recent.length > 0 && (this.received.get(this.recent[0]!.id) ?? 0) < cutoff) this.dropOldest();
  }

  private dropOldest(): void {
    const oldest = this.recent.shift();
    if (!oldest) return;
    this.recentIds.delete(oldest.id);
    this.received.delete(oldest.id);
  }
}

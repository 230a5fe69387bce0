import { sessionResolve } from '@acg/contracts';
import type { Bus, Logger } from '@acg/platform';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { FailureLog } from '../routing/upstreams';

export type ResolvedSession = NonNullable<z.infer<typeof sessionResolve.response>['session']>;

/** What the gateway learnt about a session id: a session, none (unknown or expired), or nothing. */
export type SessionLookup =
  /** `stale`: auth could not be asked; this is what it said when last asked (rules §48). */
  | { status: 'found'; session: ResolvedSession; stale?: true }
  | { status: 'none' }
  | { status: 'unavailable' };

export interface SessionResolverOptions {
  bus: Bus;
  logger: Logger;
  ttlMs: number;
  max: number;
  timeoutMs: number;
  /**
   * How long a session auth confirmed stays usable while auth cannot be asked (rules §48);
   * 0: not at all.
   */
  staleMs?: number;
  /** The clock of the stale period (lru-cache's `perf`, read on every look-up); tests pass their own. */
  clock?: { now(): number };
}

const NONE: SessionLookup = Object.freeze({ status: 'none' });

/** Session ids are random tokens; anything else is not worth a round trip to auth. */
const PLAUSIBLE_SESSION_ID = /^[\w.~+/=-]{16,256}$/;

/**
 * Turns a session cookie into a session through auth (bus request/reply), remembering answers
 * for a few seconds so a page and its API calls cost one look-up. Concurrent look-ups of one id
 * share a request. `forget` drops an id (sign-out, language change): an answer that was already
 * on its way is then not stored, so it cannot bring the old session back.
 */
export class SessionResolver {
  private readonly cache: LRUCache<string, ResolvedSession | 'none'>;
  private readonly inFlight = new Map<string, Promise<SessionLookup>>();
  /** During an auth outage: one log line a second, not one per request (rules §39). */
  private readonly failures: FailureLog;
  /** Sessions auth confirmed in the last `staleMs`, for riding out an auth outage. */
  private readonly confirmed: LRUCache<string, ResolvedSession> | undefined;

  constructor(private readonly opts: SessionResolverOptions) {
    this.cache = new LRUCache({ max: opts.max, ttl: Math.max(opts.ttlMs, 1) });
    const staleMs = opts.staleMs ?? 0;
    this.confirmed =
      staleMs > 0
        ? new LRUCache({
            max: opts.max,
            ttl: staleMs,
            ...(opts.clock ? { perf: opts.clock, ttlResolution: 0 } : {}),
          })
        : undefined;
    this.failures = new FailureLog(opts.logger);
  }

  async resolve(sessionId: string, requestId?: string): Promise<SessionLookup> {
    return this.peek(sessionId) ?? this.lookUp(sessionId, requestId);
  }

  /** The answer known without asking auth (an implausible id, or one remembered), else undefined. */
  peek(sessionId: string): SessionLookup | undefined {
    if (!PLAUSIBLE_SESSION_ID.test(sessionId)) return NONE;
    const cached = this.opts.ttlMs > 0 ? this.cache.get(sessionId) : undefined;
    if (cached === 'none') return NONE;
    if (cached) return { status: 'found', session: cached };
    return undefined;
  }

  /**
   * The language of a session auth answered for lately (remembered, or confirmed within the stale
   * period), without asking auth: what a refusal is said in before, or instead of, a look-up.
   */
  knownLanguage(sessionId: string): string | undefined {
    const cached = this.opts.ttlMs > 0 ? this.cache.peek(sessionId) : undefined;
    if (cached && cached !== 'none') return cached.language;
    return this.confirmed?.peek(sessionId)?.language;
  }

  /** Asks auth (sharing a look-up already on its way); use after peek found nothing. */
  lookUp(sessionId: string, requestId?: string): Promise<SessionLookup> {
    const pending = this.inFlight.get(sessionId);
    if (pending) return pending;
    const lookup = this.ask(sessionId, requestId).then((result) => {
      if (this.inFlight.get(sessionId) === lookup) {
        this.inFlight.delete(sessionId);
        if (result.status === 'found') {
          this.cache.set(sessionId, result.session);
          // A stale answer does not renew itself: the period counts from auth's last word.
          if (!result.stale) this.confirmed?.set(sessionId, result.session);
        } else if (result.status === 'none') {
          this.cache.set(sessionId, 'none');
          this.confirmed?.delete(sessionId);
        }
      }
      return result;
    });
    this.inFlight.set(sessionId, lookup);
    return lookup;
  }

  forget(sessionId: string): void {
    this.cache.delete(sessionId);
    this.confirmed?.delete(sessionId);
    this.inFlight.delete(sessionId);
  }

  /**
   * Drops every remembered session of one user (their access level changed): their next
   * request asks auth again. Look-ups on their way are dropped too, as they may carry the old level.
   */
  forgetUser(userId: number): void {
    for (const [sessionId, session] of this.cache.entries()) {
      if (session !== 'none' && session.userId === userId) this.cache.delete(sessionId);
    }
    for (const [sessionId, session] of this.confirmed?.entries() ?? []) {
      if (session.userId === userId) this.confirmed?.delete(sessionId);
    }
    this.inFlight.clear();
  }

  private async ask(sessionId: string, requestId?: string): Promise<SessionLookup> {
    try {
      const { session } = await this.opts.bus.request(
        sessionResolve,
        { sessionId },
        { timeoutMs: this.opts.timeoutMs, ...(requestId ? { requestId } : {}) },
      );
      return session ? { status: 'found', session } : { status: 'none' };
    } catch (err) {
      // Auth down, no responders, a timeout or a broken reply: the visitor's identity is unknown.
      this.failures.report('auth', sessionResolve.subject, err, requestId, 'session resolution unavailable');
      // A session auth confirmed lately stays valid for the stale period (rules §48).
      const confirmed = this.confirmed?.get(sessionId);
      return confirmed ? { status: 'found', session: confirmed, stale: true } : { status: 'unavailable' };
    }
  }
}

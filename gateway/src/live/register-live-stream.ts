import type { Logger } from '@acg/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { enforceAccess } from '../identity/access';
import type { SessionResolver } from '../identity/session-resolver';
import type { VisitorLookup } from '../identity/visitor';
import { sseFrame } from './live-events';
import type { LiveCloseReason, LiveConnection, LiveHub } from './live-hub';

export const LIVE_STREAM_PATH = '/api/events';

export interface LiveStreamOptions {
  hub: LiveHub;
  visitors: VisitorLookup;
  sessions: SessionResolver;
  logger: Logger;
  /** A comment line this often keeps proxies from closing an idle stream; the session is re-checked then. */
  heartbeatMs: number;
  /** How long the browser waits before reconnecting (the SSE `retry:` field). */
  retryMs: number;
}

/** A stream whose client has not read this much is dropped (it reconnects and replays). */
const MAX_UNREAD_BYTES = 1024 * 1024;

/**
 * GET /api/events: the signed-in user's live event stream (Server-Sent Events, docs/rules.md
 * §35). Anonymous is 401 (503 when auth cannot be asked), like any `user` route. The stream
 * opens with `retry:` and a `ready` event saying whether the browser must re-read what it
 * shows (`resync`: a first connection, or a Last-Event-ID this gateway no longer knows); a known
 * Last-Event-ID replays the user's events since then instead. Then the user's events as they
 * happen, a heartbeat comment, and `closed` with the reason before the gateway ends it.
 */
export function registerLiveStream(app: FastifyInstance, opts: LiveStreamOptions): void {
  const { hub } = opts;
  app.addHook('preClose', async () => {
    await hub.close();
  });
  app.get(LIVE_STREAM_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    const visitor = await opts.visitors(req);
    enforceAccess('user', visitor);
    const userId = visitor.identity.userId as number;
    const sessionId = visitor.sessionId as string;

    const lastEventId = lastEventIdOf(req);
    const missed = lastEventId ? hub.replay(userId, lastEventId) : undefined;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...headersOf(reply),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-accel-buffering': 'no',
    });
    req.raw.socket.setNoDelay(true);
    req.raw.socket.setKeepAlive(true);

    let open = true;
    let heartbeat: NodeJS.Timeout | undefined;
    const end = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      hub.remove(connection);
      res.end();
    };
    const write = (frame: string) => {
      if (!open) return;
      if (res.writableLength > MAX_UNREAD_BYTES) {
        connection.close('too-slow');
        return;
      }
      res.write(frame);
    };
    const connection: LiveConnection = {
      userId,
      sessionId,
      send: write,
      close(reason: LiveCloseReason) {
        write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
        end();
      },
    };

    write(`retry: ${opts.retryMs}\n\n`);
    write(`event: ready\ndata: ${JSON.stringify({ userId, resync: missed === undefined })}\n\n`);
    for (const event of missed ?? []) write(sseFrame(event));
    hub.add(connection);
    req.raw.once('close', end);
    res.once('error', end);

    heartbeat = setInterval(() => {
      write(': ping\n\n');
      // Signed out elsewhere (another replica, or the session expired): the stream ends too.
      opts.sessions
        .resolve(sessionId, req.id)
        .then((lookup) => {
          if (lookup.status === 'unavailable') return;
          if (lookup.status === 'none' || lookup.session.userId !== userId) connection.close('signed-out');
        })
        .catch((err: unknown) => opts.logger.warn({ err }, 'live stream session check failed'));
    }, opts.heartbeatMs);
    heartbeat.unref();
  });
}

/** EventSource sends Last-Event-ID on a reconnect; a new EventSource can pass it as a query. */
function lastEventIdOf(req: FastifyRequest): string | undefined {
  const header = req.headers['last-event-id'];
  const query = (req.query as { lastEventId?: unknown } | undefined)?.lastEventId;
  const value = typeof header === 'string' && header ? header : typeof query === 'string' ? query : undefined;
  // Envelope ids are short tokens; anything else cannot be one of ours.
  return value && /^[\w.:-]{1,200}$/.test(value) ? value : undefined;
}

/** The headers hooks already set on the reply (security headers, request id), for writeHead. */
function headersOf(reply: FastifyReply): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SlidingWindow } from './sliding-window';
import { type FakeMode, type FakeModeInput, fakeModeSchema, HEALTHY, modeUpdateSchema } from './switches';

/** One request as the fake saw it arrive (for tests that count a client's request rate). */
export interface RecordedRequest {
  method: string;
  /** Path and query. */
  url: string;
  /** Arrival time, ms since the epoch. */
  at: number;
  userAgent: string | undefined;
  /** The answer's status once sent; stays undefined for connections closed without one. */
  status?: number;
}

export interface SiteAnswers {
  /** The site's 429, with its own body and headers. */
  tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): FastifyReply;
  /** The site's 503. */
  unavailable(reply: FastifyReply): FastifyReply;
}

/** Paths that stay healthy whatever the mode: supervisors' health check and the switches themselves. */
const isControlPath = (url: string) => url.startsWith('/__fake/') || url === '/healthz';

/**
 * The switches of one fake server: hooks that delay, rate-limit or take the fake down, the
 * `/__fake/mode` endpoint, the log of requests, and listening that can stop and resume for
 * "connection refused".
 */
export class FakeFaults {
  private current: FakeMode = HEALTHY;
  private window: SlidingWindow | undefined;
  private readonly lifetime = new AbortController();
  private address: { port: number; host: string } | undefined;
  readonly requests: RecordedRequest[] = [];
  private readonly records = new WeakMap<object, RecordedRequest>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly answers: SiteAnswers,
  ) {
    app.addHook('onRequest', async (req, reply) => {
      if (isControlPath(req.url)) return;
      const record: RecordedRequest = {
        method: req.method,
        url: req.url,
        at: Date.now(),
        userAgent: req.headers['user-agent'],
      };
      this.requests.push(record);
      this.records.set(req.raw, record);
      const mode = this.current;
      if (mode.delayMs > 0) {
        try {
          await sleep(mode.delayMs, undefined, { signal: this.lifetime.signal });
        } catch {
          return reply.code(503).send();
        }
      }
      if (mode.down === '503') return this.answers.unavailable(reply);
      if (mode.down === 'reset') {
        reply.hijack();
        req.raw.socket.destroy();
        return;
      }
      if (mode.rateLimit.kind === 'always')
        return this.answers.tooManyRequests(reply, mode.rateLimit.retryAfterSeconds);
      if (mode.rateLimit.kind === 'after' && this.window) {
        const taken = this.window.take();
        if (!taken.ok) {
          const seconds = mode.rateLimit.retryAfterSeconds ?? Math.ceil(taken.retryAfterMs / 1000);
          return this.answers.tooManyRequests(reply, seconds);
        }
      }
    });

    app.addHook('onResponse', async (req, reply) => {
      const record = this.records.get(req.raw);
      if (record) record.status = reply.statusCode;
    });

    app.get('/__fake/mode', async () => ({ mode: this.current, requests: this.requests.length }));
    app.post('/__fake/mode', async (req, reply) => {
      const parsed = modeUpdateSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        return reply.code(400).send({
          error: 'Invalid mode',
          code: 'invalid_mode',
          details: z.prettifyError(parsed.error),
        });
      }
      if (parsed.data.down === 'refused') {
        return reply.code(400).send({
          error: '"refused" would take this endpoint away too; use "503" or "reset" over HTTP',
          code: 'invalid_mode',
        });
      }
      const { reset, ...update } = parsed.data;
      if (reset) await this.setMode(HEALTHY);
      await this.setMode(update);
      return { mode: this.current };
    });
  }

  get mode(): FakeMode {
    return this.current;
  }

  /** Changes some switches; the others keep their value. */
  async setMode(update: Partial<FakeModeInput>): Promise<FakeMode> {
    const next = fakeModeSchema.parse({ ...this.current, ...update });
    const wasRefused = this.current.down === 'refused';
    this.current = next;
    if (next.rateLimit.kind === 'after') {
      const { limit, windowMs } = next.rateLimit;
      if (this.window?.limit !== limit || this.window.windowMs !== windowMs) {
        this.window = new SlidingWindow(limit, windowMs);
      }
    } else {
      this.window = undefined;
    }
    if (next.down === 'refused' && !wasRefused) await this.stopListening();
    if (next.down !== 'refused' && wasRefused) await this.resumeListening();
    return next;
  }

  /** Back to healthy; the request log is kept (clear `requests` yourself). */
  reset(): Promise<FakeMode> {
    return this.setMode(HEALTHY);
  }

  async listen(port: number, host: string): Promise<string> {
    const url = await this.app.listen({ port, host });
    const address = this.app.server.address();
    if (address && typeof address === 'object') this.address = { port: address.port, host };
    return url;
  }

  async close(): Promise<void> {
    this.lifetime.abort();
    if (this.current.down === 'refused') await this.resumeListening();
    await this.app.close();
  }

  private stopListening(): Promise<void> {
    const server = this.app.server;
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private resumeListening(): Promise<void> {
    const { port, host } = this.address!;
    return new Promise((resolve, reject) => {
      this.app.server.once('error', reject);
      this.app.server.listen(port, host, () => {
        this.app.server.off('error', reject);
        resolve();
      });
    });
  }
}

import type { ServiceName } from '@acg/contracts';
import type { Logger } from '@acg/platform';
import { Pool } from 'undici';
import { type GatewayConfig, upstreamUrls } from '../config';

/** One replica of a service: its pool of kept-alive connections and whether it takes requests. */
export interface Replica {
  url: string;
  pool: Pool;
  /** False while its /readyz says no (draining, starting) or right after it refused a connection. */
  ready: boolean;
  /** Until when a refused connection keeps it out of the rotation (ms since the epoch). */
  refusedUntil: number;
}

/** How long a replica that refused a connection is skipped before it is tried again. */
const REFUSED_PAUSE_MS = 1000;

/**
 * The replicas of one service (UPSTREAM_<SERVICE>_URL with several URLs), taken in turn. With
 * more than one, each replica's /readyz is asked every UPSTREAM_HEALTH_INTERVAL_MS, so one that
 * drains (rules §39) stops getting new requests before it stops accepting connections. When no
 * replica looks ready, all of them are tried anyway: an answer is better than a certain 503.
 */
export class Upstream {
  readonly replicas: Replica[];
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly service: ServiceName,
    urls: readonly string[],
    makePool: (url: string) => Pool,
    healthIntervalMs = 0,
  ) {
    this.replicas = urls.map((url) => ({ url, pool: makePool(url), ready: true, refusedUntil: 0 }));
    if (this.replicas.length > 1 && healthIntervalMs > 0) {
      this.timer = setInterval(() => void this.checkReadiness(), healthIntervalMs);
      this.timer.unref();
    }
  }

  /** The next replica in turn that takes requests and is not in `tried`; undefined when none is left. */
  pick(tried: ReadonlySet<Replica> = new Set()): Replica | undefined {
    const now = Date.now();
    const candidates = this.replicas.filter((r) => !tried.has(r));
    if (candidates.length === 0) return undefined;
    const usable = candidates.filter((r) => r.ready && r.refusedUntil <= now);
    const from = usable.length > 0 ? usable : candidates;
    this.turn = (this.turn + 1) % 1_000_000;
    return from[this.turn % from.length];
  }

  /** A replica refused a connection (nothing was sent): leave it out for a moment. */
  refused(replica: Replica): void {
    if (this.replicas.length > 1) replica.refusedUntil = Date.now() + REFUSED_PAUSE_MS;
  }

  private async checkReadiness(): Promise<void> {
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const { statusCode, body } = await replica.pool.request({
            path: '/readyz',
            method: 'GET',
            headersTimeout: 1000,
            bodyTimeout: 1000,
          });
          await body.dump();
          replica.ready = statusCode === 200;
        } catch {
          replica.ready = false;
        }
      }),
    );
  }

  /**
   * Lets requests in flight finish (up to `timeoutMs`), then drops what is left: closing the pools
   * with answers still coming would turn them into errors (ClientDestroyedError → 503).
   */
  async close(timeoutMs: number): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(
      this.replicas.map(async ({ pool }) => {
        let timer: NodeJS.Timeout | undefined;
        const closed = pool.close().then(() => true);
        const late = new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        });
        const done = await Promise.race([closed, late]);
        clearTimeout(timer);
        if (!done) await pool.destroy();
      }),
    );
  }
}

/**
 * One undici pool per replica: kept-alive connections, one request at a time on each (HTTP/1.1
 * pipelining would let a slow answer hold up the ones behind it), as many connections as the
 * load needs up to 128.
 */
export function createUpstream(config: GatewayConfig, service: ServiceName): Upstream {
  return new Upstream(
    service,
    upstreamUrls(config, service),
    (url) =>
      new Pool(url, {
        connections: 128,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
        headersTimeout: config.UPSTREAM_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
      }),
    config.UPSTREAM_HEALTH_INTERVAL_MS,
  );
}

/**
 * Logs a failing upstream at most once a second (per replica URL), with how many failures the
 * quiet second held: during an outage the log says what is down, not once per request.
 */
export class FailureLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly intervalMs = 1000,
  ) {}

  report(
    service: ServiceName,
    url: string,
    err: unknown,
    reqId?: string,
    message = 'upstream request failed',
  ): void {
    const now = Date.now();
    const seen = this.last.get(url);
    if (seen && now - seen.at < this.intervalMs) {
      seen.suppressed++;
      return;
    }
    this.last.set(url, { at: now, suppressed: 0 });
    this.logger.warn({ err, service, upstream: url, reqId, suppressed: seen?.suppressed ?? 0 }, message);
  }
}

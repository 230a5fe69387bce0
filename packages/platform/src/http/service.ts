import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import type { Bus } from '../bus/types';
import type { Cache } from '../cache/types';
import { shutdownTimings } from '../config';
import type { Database } from '../db';
import { startServerTexts } from '../i18n/server-texts';
import type { Logger } from '../logger';
import { isOutage } from '../outage';
import { beginDrain, createHttpServer, drainAndClose, type HttpServer } from './server';

/** What a service's start() receives: its config plus the infrastructure it runs on. */
export interface ServiceDeps<C> {
  config: C;
  logger: Logger;
  bus: Bus;
  cache: Cache;
  database?: Database;
  /**
   * Whether closing the service also closes bus, cache and database. True for a process of
   * its own (distributed mode); false in the embedded runner, which shares them.
   */
  ownsInfra?: boolean;
  /**
   * False: the routes are registered and the server made ready, but no port is opened (the
   * OpenAPI generator reads what a service registers this way); `url` is then empty.
   */
  listen?: boolean;
  /** Called with the service's server before any route is registered (e.g. captureRoutes). */
  onServer?: (app: HttpServer) => void;
}

export interface RunningService {
  name: string;
  url: string;
  /** Where /healthz, /readyz and /metrics are when not on `url` (the gateway's internal port). */
  internalUrl?: string;
  app: HttpServer;
  /**
   * The start of a graceful stop (SIGTERM): /readyz answers 503 and every answer closes its
   * connection, while the service keeps serving. close() follows after the grace period.
   */
  beginDrain?(): void;
  /**
   * Graceful: stop accepting, finish in-flight requests (up to SHUTDOWN_DRAIN_MS), stop consumers
   * (an unfinished event is naked), then close infra.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  name: string;
  host: string;
  port: number;
  internalSecret: string;
  deps: ServiceDeps<unknown>;
  /** Registers routes, bus handlers and consumers; returns stoppers for what it started. */
  setup: (app: HttpServer) => Promise<Array<() => Promise<void>>>;
}

export async function startHttpService(opts: StartOptions): Promise<RunningService> {
  const { deps } = opts;
  const logger = deps.logger;
  // Not the cache: a process without Redis still answers (from PostgreSQL), so taking every
  // replica out of the balancer when Redis goes would turn a slower service into none (rules §48).
  const readiness: Record<string, () => Promise<boolean>> = {
    bus: () => deps.bus.ready(),
  };
  if (deps.database) readiness.database = () => deps.database!.ready();
  const app = createHttpServer({ name: opts.name, logger, internalSecret: opts.internalSecret, readiness });
  deps.onServer?.(app);
  const stoppers = await opts.setup(app);
  // What the service says follows the administrators' edits of the server texts (rules §49).
  const texts = await startServerTexts({ bus: deps.bus, logger });
  stoppers.push(() => texts.stop());
  let url = '';
  if (deps.listen === false) await app.ready();
  else {
    url = await app.listen({ host: opts.host, port: opts.port });
    logger.info({ url }, `${opts.name} listening`);
  }

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await drainAndClose(app, shutdownTimings(deps.config).drainMs);
      for (const stop of stoppers.reverse()) await stop().catch((err) => logger.warn({ err }, 'stop failed'));
      if (deps.ownsInfra) {
        await deps.bus.drain().catch((err) => logger.warn({ err }, 'bus drain failed'));
        await deps.cache.close().catch(() => {});
        await deps.database?.close().catch(() => {});
      }
      logger.info(`${opts.name} stopped`);
    })();
    return closing;
  };
  return { name: opts.name, url, app, beginDrain: () => beginDrain(app), close };
}

/**
 * For a service's main.ts: start it, and shut it down gracefully on SIGTERM/SIGINT (rules §39):
 * readiness fails at once, the process keeps serving for `graceMs`, then stops accepting and
 * drains (up to `drainMs` for requests, as long again for event handlers) before it closes.
 */
export async function runMain(
  start: () => Promise<Pick<RunningService, 'close' | 'beginDrain'>>,
  logger: Logger,
  timings: { graceMs: number; drainMs: number } = shutdownTimings(undefined),
): Promise<void> {
  try {
    const running = await start();
    // Past this the process exits whatever it is waiting for.
    const delay = timings.graceMs + 2 * timings.drainMs + 5000;
    // An error nobody caught ends the process, unless it is a lost dependency (a connection's
    // 'error' event, a rejected call to a database or cache that went away): that is an outage
    // the process rides out and reconnects from, logged once every 5 s at most (rules §48).
    let fatal = false;
    let quietUntil = 0;
    const onUncaught = (err: unknown) => {
      if (isOutage(err)) {
        if (Date.now() >= quietUntil)
          logger.warn({ err }, 'a lost dependency failed outside a request; still running');
        quietUntil = Date.now() + 5000;
        return;
      }
      if (fatal) return;
      fatal = true;
      logger.error({ err }, 'fatal error, shutting down');
      setTimeout(() => process.exit(1), delay).unref();
      running.close().finally(() => process.exit(1));
    };
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    closeWithGrace({ delay, skip: ['uncaughtException', 'unhandledRejection'] }, async ({ signal, err }) => {
      if (err) {
        logger.error({ err }, 'fatal error, shutting down');
        await running.close();
        return;
      }
      logger.info(
        { signal, graceMs: timings.graceMs },
        'shutting down: not ready, serving through the grace period',
      );
      running.beginDrain?.();
      if (timings.graceMs > 0) await sleep(timings.graceMs);
      await running.close();
    });
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}

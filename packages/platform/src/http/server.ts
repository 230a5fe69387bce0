import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@acg/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from '../logger';
import { installIdentity } from './access';
import { installErrorHandler } from './errors';
import { installMetrics } from './metrics';

export type App = FastifyInstance & ReturnType<FastifyInstance['withTypeProvider']>;

export interface HttpServerOptions {
  name: string;
  logger: Logger;
  /** Secret for verifying the gateway's signed identity; omit for the gateway itself. */
  internalSecret?: string;
  /** Dependency checks for /readyz, e.g. { database: () => db.ready() }. */
  readiness?: Record<string, () => Promise<boolean>>;
  bodyLimit?: number;
}

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/**
 * A Fastify 5 server with what every process needs: zod validation and serialisation,
 * the request id (taken from x-request-id when well-formed, echoed back and carried in every
 * log line), the one error handler, identity verification, /healthz, /readyz and /metrics.
 */
export function createHttpServer(opts: HttpServerOptions) {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // genReqId reads and checks x-request-id itself (with requestIdHeader set, Fastify would
    // take any client value as is).
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    // Per-request log lines only on demand (LOG_REQUESTS=true); errors are always logged.
    logController: new LogController({
      requestIdLogLabel: 'reqId',
      disableRequestLogging: process.env.LOG_REQUESTS !== 'true',
    }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  installErrorHandler(app);
  if (opts.internalSecret) installIdentity(app, opts.internalSecret);
  installMetrics(app, opts.name);

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', service: opts.name }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const checks: Record<string, boolean> = {};
    await Promise.all(
      Object.entries(opts.readiness ?? {}).map(async ([name, check]) => {
        checks[name] = await Promise.race([
          check().catch(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000).unref()),
        ]);
      }),
    );
    const ok = Object.values(checks).every(Boolean);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', checks });
  });
  return app;
}
export type HttpServer = ReturnType<typeof createHttpServer>;

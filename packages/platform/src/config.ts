import { z } from 'zod';

/**
 * Typed, validated configuration. Each process declares a zod object of the variables it
 * reads (with defaults for the embedded mode) and calls loadConfig once at start; a missing
 * or invalid value fails fast with every problem listed.
 */
export class ConfigError extends Error {}

export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Helpers for env schemas. */
export const env = {
  url: () => z.string().url(),
  port: (def: number) => z.coerce.number().int().min(0).max(65535).default(def),
  int: (def: number) => z.coerce.number().int().default(def),
  /** An integer from `min` to `max`, `def` when unset. */
  intIn: (def: number, min: number, max: number) =>
    z.coerce.number().int().default(def).pipe(z.number().int().min(min).max(max)),
  /** The site's origin as members reach it (the gateway's public address). */
  publicUrl: () => z.string().url().default('http://localhost:3000'),
  bool: (def: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(def ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  secret: (minLength = 32) => z.string().min(minLength, `must be at least ${minLength} characters`),
};

/** Variables every service process reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`development`, `production` or `test`'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe("pino level of the process's JSON log lines"),
  HOST: z.string().default('127.0.0.1').describe('interface to listen on (`0.0.0.0` in containers)'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe(
      'PostgreSQL server URL; each service uses its own schema in that database. A service with a database refuses to start without it in its own process (the embedded runner supplies it)',
    ),
  NATS_URL: z
    .string()
    .optional()
    .describe('NATS server with JetStream; unset, the in-process bus (one process only)'),
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'lowercase letters, digits and dashes')
    .optional()
    .describe(
      "prefix of this system's NATS streams, subjects and Redis keys (`acg:<BUS_NAMESPACE>:<service>:...`), so several systems can share one NATS and Redis server (rules §19)",
    ),
  REDIS_URL: z.string().optional().describe('Redis server; unset, the in-memory cache (one process only)'),
  INTERNAL_SECRET: env
    .secret(32)
    .describe(
      'shared secret, at least 32 characters: the gateway signs the forwarded identity with it (HMAC-SHA256) and services verify it; the same in every process (the runners generate one per start)',
    ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url()
    .optional()
    .describe(
      'OTLP/HTTP collector (traces go to `<url>/v1/traces`, JSON); set, the process traces requests, bus messages, the outbox relay, PostgreSQL and Redis (rules §71); unset, tracing is off and costs nothing',
    ),
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .optional()
    .describe('which traces are kept (the standard names); unset, `parentbased_always_on`'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      'the ratio of the `traceidratio` samplers, e.g. `0.1` for a tenth of the traces the gateway starts',
    ),
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe(
      'on SIGTERM/SIGINT: how long the process keeps serving with `/readyz` at 503 (every answer closing its connection) before it stops accepting, so balancers and kept-alive clients move away (rules §39)',
    ),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe(
      'then: how long in-flight requests, and after them in-flight event handlers, may take before they are cut (an unfinished event is naked and redelivered at once)',
    ),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** The shutdown timings of a process (its config, when it has them; the defaults otherwise). */
export function shutdownTimings(config: unknown): { graceMs: number; drainMs: number } {
  const c = (config ?? {}) as Partial<Pick<BaseConfig, 'SHUTDOWN_GRACE_MS' | 'SHUTDOWN_DRAIN_MS'>>;
  return { graceMs: c.SHUTDOWN_GRACE_MS ?? 5000, drainMs: c.SHUTDOWN_DRAIN_MS ?? 5000 };
}

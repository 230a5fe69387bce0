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
  bool: (def: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(def ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  secret: (minLength = 32) => z.string().min(minLength, `must be at least ${minLength} characters`),
};

/** Variables every service process reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  /** PostgreSQL URL; each service uses its own schema in it. */
  DATABASE_URL: z.string().optional(),
  /** NATS URL; absent means the in-process bus (embedded mode only). */
  NATS_URL: z.string().optional(),
  /** Prefix of this system's NATS streams and subjects, when several systems share a server. */
  BUS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'lowercase letters, digits and dashes')
    .optional(),
  /** Redis URL; absent means the in-memory cache (embedded mode only). */
  REDIS_URL: z.string().optional(),
  /** Shared secret the gateway signs identities with (HMAC-SHA256). */
  INTERNAL_SECRET: env.secret(32),
  /**
   * On SIGTERM: how long the process keeps serving after /readyz turns 503, so balancers and
   * kept-alive clients move away before it stops accepting (docs/rules.md §39).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(5000),
  /** Then: how long in-flight requests and event handlers may take before they are cut (and naked). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5000),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** The shutdown timings of a process (its config, when it has them; the defaults otherwise). */
export function shutdownTimings(config: unknown): { graceMs: number; drainMs: number } {
  const c = (config ?? {}) as Partial<Pick<BaseConfig, 'SHUTDOWN_GRACE_MS' | 'SHUTDOWN_DRAIN_MS'>>;
  return { graceMs: c.SHUTDOWN_GRACE_MS ?? 5000, drainMs: c.SHUTDOWN_DRAIN_MS ?? 5000 };
}

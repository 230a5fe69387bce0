import { z } from 'zod';

/**
 * GET /api/admin/service-map (issue 26 item 4): each process of the system as the gateway sees it
 * from the processes' own /readyz and /metrics (the same metrics Prometheus scrapes; dashboards
 * in deploy/observability). Rates and latencies are over `windowSeconds`: since the gateway's
 * previous reading of that process at least a few seconds back, else since the process started.
 * A figure is null when the process does not report it (no bus consumer, no outbox) or could not
 * be read.
 */
export const processHealthSchema = z.enum(['ready', 'degraded', 'down']);

export const serviceMapProcessSchema = z.object({
  /** `gateway` or a service of system.ts. */
  name: z.string(),
  /** ready: every address answered ready; degraded: some did; down: none did. */
  health: processHealthSchema,
  /** Addresses asked (the replicas the gateway knows) and how many answered ready. */
  replicas: z.number().int().nonnegative(),
  readyReplicas: z.number().int().nonnegative(),
  windowSeconds: z.number().nonnegative().nullable(),
  /** Requests answered per second (probes and scrapes not counted). */
  requestsPerSecond: z.number().nonnegative().nullable(),
  /** Share of those answered 5xx, 0..1. */
  errorRatio: z.number().min(0).max(1).nullable(),
  /** 95th percentile of the answer time, in milliseconds (from the histogram's buckets). */
  latencyP95Ms: z.number().nonnegative().nullable(),
  /** Mean seconds from an event's occurrence to its first delivery to this process's consumers. */
  busLagSeconds: z.number().nonnegative().nullable(),
  /** Events the process's consumers gave up on since it started. */
  deadLetters: z.number().int().nonnegative().nullable(),
  /** Events waiting in the process's outbox, and the age of the oldest in seconds. */
  outboxPending: z.number().int().nonnegative().nullable(),
  outboxAgeSeconds: z.number().nonnegative().nullable(),
});

export const serviceMapSchema = z.object({
  /** When the gateway read the processes (ISO 8601). */
  readAt: z.string(),
  /** The gateway first, then the services in system.ts order. */
  processes: z.array(serviceMapProcessSchema),
});

export type ProcessHealth = z.infer<typeof processHealthSchema>;
export type ServiceMapProcess = z.infer<typeof serviceMapProcessSchema>;
export type ServiceMap = z.infer<typeof serviceMapSchema>;

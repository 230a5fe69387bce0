import { type DestinationStream, type Logger, pino } from 'pino';
import { activeTraceIds } from './tracing/spans';

export type { Logger };

/**
 * One pino logger per process or service; request loggers are children carrying reqId (and,
 * with tracing on, the request's trace_id and span_id). Every line written inside traced work
 * carries the active span's ids (rules §71); an error is serialised with its whole `cause` chain.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  /** Where the lines go (stdout by default; tests read them). */
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => activeTraceIds() ?? {},
      serializers: { err: pino.stdSerializers.errWithCause },
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-acg-identity"]'] },
    },
    destination,
  );
}

import { type Logger, pino } from 'pino';

export type { Logger };

/** One pino logger per process or service; request loggers are children carrying reqId. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-acg-identity"]'] },
  });
}

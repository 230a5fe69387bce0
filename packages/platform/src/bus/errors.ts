import { AppError } from '../errors';

/**
 * Bus failures the caller cannot fix: both are 503 so an HTTP layer answers "try later"
 * (architecture §4: no responders and timeouts are never 500). The subject is kept on the
 * error for logs, not in `details`, so internal subject names do not reach clients.
 */
export class BusTimeoutError extends AppError {
  constructor(
    readonly subject: string,
    readonly timeoutMs: number,
  ) {
    super(503, 'upstream_timeout', 'Upstream service did not answer in time');
  }
}

export class BusNoRespondersError extends AppError {
  constructor(readonly subject: string) {
    super(503, 'upstream_unavailable', 'Upstream service is unavailable');
  }
}

/** The bus was drained, or its connection is closed or lost: same answer for the client. */
export class BusUnavailableError extends AppError {
  constructor(readonly reason = 'Message bus is closed') {
    super(503, 'upstream_unavailable', 'Upstream service is unavailable');
  }
}

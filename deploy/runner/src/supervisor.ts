import type { ChildProcess } from 'node:child_process';
import type { Logger } from '@acg/platform';

/**
 * What a Deployment does in a cluster, for the distributed runner (issue 23, rules §48): a
 * process that exits when nobody asked it to is started again, after 1 s, doubling up to 30 s
 * while it keeps dying; a process that stayed up 30 s starts from 1 s again. Every unexpected
 * exit and every restart is logged. Exits the runner caused (a stop, a kill in a test, the
 * system's close) are not restarted.
 */
export interface SupervisorOptions {
  logger: Pick<Logger, 'warn' | 'info' | 'error'>;
  /** Starts the process again (and waits until it is ready). */
  restart(name: string): Promise<void>;
  baseMs?: number;
  maxMs?: number;
  /** Up this long, a process's next exit counts as its first. */
  stableMs?: number;
}

export interface Supervisor {
  /** Follows a process just started: an exit nobody announced restarts it. */
  watch(name: string, child: ChildProcess): void;
  /** The next exit of `name` is the runner's own doing; a restart waiting for it is dropped. */
  expectExit(name: string): void;
  /** Whether a restart of `name` is waiting for its delay. */
  pending(name: string): boolean;
  /** No more restarts (the system is closing). */
  close(): void;
}

export function createSupervisor(opts: SupervisorOptions): Supervisor {
  const baseMs = opts.baseMs ?? 1000;
  const maxMs = opts.maxMs ?? 30_000;
  const stableMs = opts.stableMs ?? 30_000;
  const state = new Map<string, { failures: number; expected: boolean; timer?: NodeJS.Timeout }>();
  let closed = false;
  const of = (name: string) => {
    let s = state.get(name);
    if (!s) {
      s = { failures: 0, expected: false };
      state.set(name, s);
    }
    return s;
  };

  return {
    watch(name, child) {
      const startedAt = Date.now();
      const s = of(name);
      s.expected = false;
      child.once('exit', (code, signal) => {
        if (closed || s.expected) return;
        if (Date.now() - startedAt >= stableMs) s.failures = 0;
        s.failures++;
        const delay = Math.min(maxMs, baseMs * 2 ** (s.failures - 1));
        opts.logger.warn(
          { process: name, code, signal, failures: s.failures, restartInMs: delay },
          'process exited unexpectedly; restarting it',
        );
        s.timer = setTimeout(() => {
          s.timer = undefined;
          if (closed || s.expected) return;
          opts.restart(name).then(
            () => opts.logger.info({ process: name, failures: s.failures }, 'process restarted and ready'),
            // A start that died is another exit, which schedules the next try itself.
            (err) => opts.logger.error({ process: name, err }, 'restart failed'),
          );
        }, delay);
        s.timer.unref();
      });
    },
    expectExit(name) {
      const s = of(name);
      s.expected = true;
      if (s.timer) clearTimeout(s.timer);
      s.timer = undefined;
    },
    pending: (name) => state.get(name)?.timer !== undefined,
    close() {
      closed = true;
      for (const s of state.values()) if (s.timer) clearTimeout(s.timer);
    },
  };
}

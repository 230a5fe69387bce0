import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSupervisor, type Supervisor } from './supervisor';

/** A real child process that exits with `code` after `ms`, or runs until killed (ms undefined). */
const child = (ms?: number, code = 1): ChildProcess =>
  spawn(
    process.execPath,
    [
      '-e',
      ms === undefined ? 'setInterval(() => {}, 1000)' : `setTimeout(() => process.exit(${code}), ${ms})`,
    ],
    {
      stdio: 'ignore',
    },
  );
const exitOf = (c: ChildProcess) => new Promise((r) => c.once('exit', r));

describe('the distributed runner’s supervisor', () => {
  const open: Supervisor[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });

  const setUp = (lifetimes: Array<number | undefined>) => {
    const logs: Array<{ level: string; msg: string; obj: Record<string, unknown> }> = [];
    const logger = {
      warn: (obj: Record<string, unknown>, msg: string) => logs.push({ level: 'warn', msg, obj }),
      info: (obj: Record<string, unknown>, msg: string) => logs.push({ level: 'info', msg, obj }),
      error: (obj: Record<string, unknown>, msg: string) => logs.push({ level: 'error', msg, obj }),
    };
    const starts: number[] = [];
    let next = 0;
    const supervisor: Supervisor = createSupervisor({
      logger: logger as never,
      baseMs: 100,
      maxMs: 400,
      stableMs: 60_000,
      async restart(name) {
        starts.push(Date.now());
        const c = child(lifetimes[Math.min(next++, lifetimes.length - 1)]);
        children.push(c);
        supervisor.watch(name, c);
      },
    });
    open.push(supervisor);
    return { supervisor, logs, starts };
  };

  it('starts a process that died again, later each time it keeps dying, and logs each exit and restart', async () => {
    // Dies at once three times, then stays up.
    const { supervisor, logs, starts } = setUp([20, 20, undefined]);
    const first = child(20);
    children.push(first);
    const diedAt = Date.now();
    supervisor.watch('inventory', first);
    await vi.waitFor(() => expect(starts).toHaveLength(3), { timeout: 5000, interval: 20 });
    // 100, 200, 400 ms after each exit (the exits themselves take a little).
    expect(starts[0]! - diedAt).toBeGreaterThanOrEqual(100);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(200);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(400);
    const exits = logs.filter((l) => l.msg === 'process exited unexpectedly; restarting it');
    expect(exits.map((l) => l.obj.restartInMs)).toEqual([100, 200, 400]);
    expect(exits.every((l) => l.obj.process === 'inventory' && l.obj.code === 1)).toBe(true);
    await vi.waitFor(() =>
      expect(logs.filter((l) => l.msg === 'process restarted and ready')).toHaveLength(3),
    );
    // The last one stays up (it runs until killed): no fourth exit, so no fourth start.
    const last = children.at(-1)!;
    expect([last.exitCode, last.signalCode]).toEqual([null, null]);
    expect(logs.filter((l) => l.msg === 'process exited unexpectedly; restarting it')).toHaveLength(3);
    expect(starts).toHaveLength(3);
  });

  it('leaves alone a process the runner stopped or replaced itself, and restarts nothing once closed', async () => {
    const { supervisor, logs, starts } = setUp([undefined]);
    const stopped = child();
    children.push(stopped);
    supervisor.watch('trades', stopped);
    supervisor.expectExit('trades');
    stopped.kill('SIGTERM');
    await exitOf(stopped);

    // Started again before the old one was seen to exit: the old one's exit is not a crash.
    const old = child();
    const replacement = child();
    children.push(old, replacement);
    supervisor.watch('gateway', old);
    supervisor.watch('gateway', replacement);
    old.kill('SIGKILL');
    // The supervisor's exit listener was added first, so it has decided by the time this one runs:
    // a restart would have been logged as scheduled then.
    await exitOf(old);
    expect(logs.filter((l) => l.msg === 'process exited unexpectedly; restarting it')).toEqual([]);
    expect(starts).toEqual([]);

    const orphan = child(20);
    children.push(orphan);
    supervisor.watch('auth', orphan);
    supervisor.close();
    await exitOf(orphan);
    expect(logs.filter((l) => l.msg === 'process exited unexpectedly; restarting it')).toEqual([]);
    expect(starts).toEqual([]);
  });
});

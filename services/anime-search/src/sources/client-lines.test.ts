import { describe, expect, it } from 'vitest';
import { createClientLines } from './client-lines';
import { ClientShareExceeded } from './client-share';

/** A search that runs until the test lets it end. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('each client’s line in front of the member search', () => {
  it('runs one client’s searches one at a time, and another client’s beside them', async () => {
    const lines = createClientLines({ running: 1, waiting: 16 });
    const started: string[] = [];
    const first = gate();
    const search = (client: string, name: string, until?: Promise<void>) =>
      lines.run(client, async () => {
        started.push(name);
        await until;
        return name;
      });
    const a1 = search('ip:a', 'a1', first.opened);
    const a2 = search('ip:a', 'a2');
    const b1 = search('user:7', 'b1');
    // The other client's search is not behind the first one's line.
    expect(await b1).toBe('b1');
    expect(started).toEqual(['a1', 'b1']);
    first.open();
    expect(await Promise.all([a1, a2])).toEqual(['a1', 'a2']);
    expect(started).toEqual(['a1', 'b1', 'a2']);
    // Nobody in line: nothing is kept.
    expect(lines.size).toBe(0);
  });

  it('turns a client away at once when its line is full, and lets it in again when it is not', async () => {
    const lines = createClientLines({ running: 1, waiting: 2 });
    const first = gate();
    const running = lines.run('ip:a', () => first.opened);
    const waiting = [lines.run('ip:a', async () => 'w1'), lines.run('ip:a', async () => 'w2')];
    await expect(lines.run('ip:a', async () => 'too many')).rejects.toBeInstanceOf(ClientShareExceeded);
    first.open();
    await running;
    expect(await Promise.all(waiting)).toEqual(['w1', 'w2']);
    expect(await lines.run('ip:a', async () => 'again')).toBe('again');
  });

  it('starts a search of a burst only after a pause as long as the client’s last search', async () => {
    const pauses: number[] = [];
    const lines = createClientLines({ running: 1, waiting: 16, pause: async (ms) => pauses.push(ms) });
    const [first, second] = [gate(), gate()];
    let secondMs = 0;
    const a1 = lines.run('ip:a', () => first.opened);
    // One behind the running search (a page asking again) waits only for it; a third is a burst.
    const a2 = lines.run('ip:a', async () => {
      const t = performance.now();
      await second.opened;
      secondMs = performance.now() - t;
    });
    const a3 = lines.run('ip:a', async () => 'third');
    first.open();
    await a1;
    expect(pauses).toEqual([]);
    second.open();
    await Promise.all([a2, a3]);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThanOrEqual(secondMs);
    // A client that waits for each answer is never paused.
    await lines.run('ip:a', async () => 'alone');
    await lines.run('ip:a', async () => 'alone again');
    expect(pauses).toHaveLength(1);
  });
});

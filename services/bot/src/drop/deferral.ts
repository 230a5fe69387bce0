/**
 * Discord wants the interaction answered within 3 s. The work starts at once and races a timer:
 * when the work wins it is the answer; when the timer wins the caller answers "deferred" and
 * delivers the result later.
 */
export async function within<T>(
  work: Promise<T>,
  ms: number,
): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  try {
    return await Promise.race([work.then((value) => ({ done: true as const, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Follow-ups still on their way, so a shutdown can wait for them. */
export class PendingWork {
  private readonly pending = new Set<Promise<unknown>>();

  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => {},
      () => {},
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }

  get size(): number {
    return this.pending.size;
  }

  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}

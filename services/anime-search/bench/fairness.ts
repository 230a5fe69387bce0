/**
 * Fair shares of the anime search budgets, with each party in its own process (issue 27): the
 * fake sources in one (the real sites are elsewhere too), the service in another, the hammering
 * address in a third, the measured clients in this one, so no party's work sits on another's
 * event loop (the test beside the route,
 * fairness.test.ts, keeps them in one process and asserts order, not time).
 *
 *   pnpm exec tsx services/anime-search/bench/fairness.ts [--rounds 3] [--searches 20] [--hammer 5000] [--concurrency 16]
 *
 * Each round, each phase in a fresh budget window:
 * 1. idle: measured clients make `--searches` (at most 20) new searches (each matches nothing in
 *    the index, so each asks both sources), one after another, five per address;
 * 2. hammered: the same while another address sends new searches all along (at most `--hammer`),
 *    `--concurrency` at a time, each worker asking again 50 ms after its answer (a browser's round
 *    trip).
 * Budgets as the fairness test counts them (a client's share of each source 0.25). Prints the
 * measured client's p50 and p99 in both phases, their ratio, its statuses and the hammering
 * address's statuses. Loopback only; asserts nothing. Uses DATABASE_URL / REDIS_URL when set.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    url: { type: 'string', default: '' },
    searches: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    hammer: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '16' },
  },
});

const BUDGETS = {
  SHIKIMORI_PER_SECOND: '1000',
  SHIKIMORI_PER_MINUTE: '900',
  ANILIST_PER_MINUTE: '300',
  SOURCE_CLIENT_SHARE: '0.25',
  SEARCH_BUDGET_MS: '10000',
};

interface Answer {
  status: number;
  ms: number;
  unavailable: number;
}

/** One new search (a query nobody asked before) from `address`. */
async function search(url: string, address: string, query: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${url}/api/anime/search?q=${encodeURIComponent(query)}`, {
    headers: { 'x-forwarded-for': address },
  });
  const body = (await res.json().catch(() => ({}))) as { unavailable?: string[] };
  return { status: res.status, ms: performance.now() - started, unavailable: body.unavailable?.length ?? 0 };
}

/** The child that runs the fake sources and says their addresses. */
async function sources(): Promise<void> {
  const { startFakes } = await import('../src/test/harness');
  const fakes = await startFakes();
  process.send?.({ url: JSON.stringify({ shikimori: fakes.shikimori.url, anilist: fakes.anilist.url }) });
  process.on('disconnect', () => {
    void fakes.close().finally(() => process.exit(0));
  });
}

/** The child that runs the service against the fakes at `--url` (both addresses) and says its address. */
async function serve(at: string): Promise<void> {
  const { startAnimeSearch } = await import('../src/test/harness');
  const { shikimori, anilist } = JSON.parse(at) as { shikimori: string; anilist: string };
  const fakes = { shikimori: { url: shikimori }, anilist: { url: anilist } } as unknown as Parameters<
    typeof startAnimeSearch
  >[0];
  const h = await startAnimeSearch(fakes, BUDGETS);
  process.send?.({ url: h.service.url });
  process.on('disconnect', () => {
    void h.close().finally(() => process.exit(0));
  });
}

/**
 * The child that hammers, `--concurrency` at a time, until told to stop (or `--hammer` searches
 * at most); answers its statuses.
 */
async function hammer(url: string): Promise<void> {
  let total = Number(values.hammer);
  let next = 0;
  process.on('message', () => {
    total = 0;
  });
  const statuses: Record<number, number> = {};
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const { status } = await search(url, '198.51.100.7', `hammer ${i}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  process.send?.({ statuses });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** A 6 s budget window and a bit: each phase starts in a fresh one. */
const NEXT_WINDOW_MS = 6_500;
/** Searches per measured address: within one client's share of AniList in a window (6). */
const PER_ADDRESS = 5;

/**
 * `count` new searches one after another, from a new address every PER_ADDRESS (other users,
 * each within its share); 20 of them and the hammering address's 6 fit AniList's 27 a window.
 */
async function measure(url: string, label: string, count: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) {
    const address = `203.0.113.${(label.length * 40 + Math.floor(i / PER_ADDRESS)) % 250}`;
    answers.push(await search(url, address, `${label} frieren ${i}`));
  }
  return answers;
}

const child = (role: string, url = ''): ChildProcess =>
  fork(
    process.argv[1]!,
    ['--role', role, '--url', url, '--hammer', values.hammer!, '--concurrency', values.concurrency!],
    {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );

async function main(): Promise<void> {
  const fakes = child('sources');
  const [{ url: sourceUrls }] = (await once(fakes, 'message')) as [{ url: string }];
  const service = child('service', sourceUrls);
  const [{ url }] = (await once(service, 'message')) as [{ url: string }];
  const count = Math.min(20, Number(values.searches));
  const idle: Answer[] = [];
  const busy: Answer[] = [];
  const statuses: Record<number, number> = {};
  try {
    await measure(url, 'warm', 5);
    for (let round = 0; round < Number(values.rounds); round++) {
      await sleep(NEXT_WINDOW_MS);
      idle.push(...(await measure(url, `idle${round}`, count)));
      await sleep(NEXT_WINDOW_MS);
      const hammering = child('hammer', url);
      const done = once(hammering, 'message') as Promise<[{ statuses: Record<number, number> }]>;
      // Let the hammering take its share first.
      await sleep(200);
      busy.push(...(await measure(url, `busy${round}`, count)));
      hammering.send('stop');
      const [answer] = await done;
      hammering.disconnect();
      for (const [s, n] of Object.entries(answer.statuses))
        statuses[Number(s)] = (statuses[Number(s)] ?? 0) + n;
    }
    const row = (name: string, a: Answer[]) =>
      `| ${name} | ${percentile(
        a.map((x) => x.ms),
        50,
      ).toFixed(0)} ms | ${percentile(
        a.map((x) => x.ms),
        99,
      ).toFixed(0)} ms | ${a.filter((x) => x.status === 200 && x.unavailable === 0).length}/${a.length} |`;
    console.log('| measured client | p50 | p99 | 200 from both sources |\n| --- | ---: | ---: | ---: |');
    console.log(row('idle', idle));
    console.log(row('while another address hammers', busy));
    const ratio = (p: number) =>
      (
        percentile(
          busy.map((x) => x.ms),
          p,
        ) /
        Math.max(
          1,
          percentile(
            idle.map((x) => x.ms),
            p,
          ),
        )
      ).toFixed(2);
    console.log(`\nratio to idle: p50 ${ratio(50)}×, p99 ${ratio(99)}×`);
    console.log(
      `hammering address: ${Object.entries(statuses)
        .map(([s, n]) => `${n}×${s}`)
        .join(', ')}`,
    );
  } finally {
    service.disconnect();
    fakes.disconnect();
  }
}

if (values.role === 'sources') await sources();
else if (values.role === 'service') await serve(values.url!);
else if (values.role === 'hammer') await hammer(values.url!);
else await main();

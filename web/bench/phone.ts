/**
 * Phone benchmark: loads /, /characters and /profile in Chromium on a slow-4G profile with a
 * 4× slower CPU and prints, per page, the bytes transferred (scripts and everything), LCP, TBT
 * and CLS. Run from the repository root:
 *
 *   pnpm exec tsx web/bench/phone.ts [--runs 1] [--json]
 *
 * The system runs embedded on free ports and a throwaway data folder (what the browser tests
 * do); / is loaded signed out (the first page a visitor sees), /characters and /profile signed
 * in as the demo fan, who is granted every demo card first so the profile has cards to show.
 *
 * Profile, set through the Chrome DevTools Protocol on every page before it navigates:
 * - Network.emulateNetworkConditions: 1.6 Mbps down, 750 kbps up, 150 ms latency (RTT);
 * - Network.setCacheDisabled: every first load is a cold load; then each page is loaded again
 *   in the same browser with its caches (warm);
 * - Emulation.setCPUThrottlingRate: 4.
 * - a 390×844 viewport at device scale 3 with touch (a phone).
 *
 * How the figures are taken:
 * - Bytes: Network.loadingFinished's encodedDataLength (bytes on the wire, headers included),
 *   summed for every request of the page; "JS" counts responses of type Script.
 * - LCP: the last `largest-contentful-paint` entry (PerformanceObserver, buffered).
 * - CLS: layout-shift entries without recent input, grouped in session windows (gap < 1 s,
 *   window ≤ 5 s); the largest window's sum, as Chrome's web-vitals define it.
 * - TBT: PerformanceObserver `longtask` entries (tasks over 50 ms on the main thread, throttled
 *   time); for each task after first contentful paint, the part over 50 ms is summed (a task
 *   straddling FCP counts only its part after FCP). The window ends at TTI, approximated as the
 *   end of the last long task before a quiet period: the page is left until the load event has
 *   fired, no request has been in flight for 2 s and no long task has started for 3 s (at most
 *   30 s), so every long task up to TTI is in the sum.
 *
 * Before the runs every page is loaded once unthrottled, so the server is warm (its SSR bundle
 * imported, the image proxy's cache filled): the figures are the phone's, not a cold start's.
 * --verbose prints each page's requests (time since navigation, bytes, type) and its LCP
 * element; PHONE_PROFILE=<folder> writes a CPU profile of each load there (.cpuprofile).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cardsGet, inventoryGrant } from '@acg/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/runner/src/embedded';
import { demoCounts } from '../../deploy/runner/src/testing/demo-counts';
import { signIn } from '../../deploy/runner/src/testing/sign-in';
import { launchChromium } from '../../e2e/browser';

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const QUIET_NETWORK_MS = 2_000;
const QUIET_MAIN_THREAD_MS = 3_000;
const MAX_WAIT_MS = 30_000;

interface PageFigures {
  path: string;
  status: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
  fcpMs: number;
  lcpMs: number;
  lcpElement: string;
  tbtMs: number;
  cls: number;
}

/**
 * Collects the web-vitals entries in the page from its very start (added before navigation). A
 * string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
const OBSERVE_VITALS = `
  const vitals = { fcp: 0, lcp: 0, lcpElement: '', longTasks: [], shifts: [] };
  globalThis.__vitals = vitals;
  const observe = (type, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
    } catch {}
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') vitals.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => {
    vitals.lcp = e.startTime;
    const el = e.element;
    vitals.lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + (e.url ? ' ' + e.url.replace(location.origin, '') : '') : '';
  });
  observe('longtask', (e) => { vitals.longTasks.push([e.startTime, e.duration]); });
  const named = (n) => n ? n.nodeName.toLowerCase() + (n.className ? '.' + String(n.className).split(' ')[0] : '') : '?';
  observe('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    const moved = (e.sources || []).map((s) => named(s.node) + ' ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y));
    vitals.shifts.push([e.startTime, e.value, moved.join(', ')]);
  });
`;

interface Vitals {
  fcp: number;
  lcp: number;
  lcpElement: string;
  longTasks: Array<[number, number]>;
  /** Start, score and what moved (element, top before → after). */
  shifts: Array<[number, number, string]>;
}

/** Total blocking time after FCP (see the header for the window). */
function totalBlockingTime(fcp: number, longTasks: ReadonlyArray<[number, number]>): number {
  let sum = 0;
  for (const [start, duration] of longTasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    const counted = end - Math.max(start, fcp);
    sum += Math.max(0, counted - 50);
  }
  return sum;
}

/** Cumulative layout shift: the largest session window (gap < 1 s, length ≤ 5 s). */
function cumulativeLayoutShift(shifts: ReadonlyArray<readonly [number, number, ...unknown[]]>): number {
  let best = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const [time, value] of [...shifts].sort((a, b) => a[0] - b[0])) {
    if (time - last >= 1_000 || time - windowStart >= 5_000) {
      current = 0;
      windowStart = time;
    }
    current += value;
    last = time;
    best = Math.max(best, current);
  }
  return best;
}

async function measure(
  context: BrowserContext,
  url: string,
  verbose = false,
  cold = true,
): Promise<PageFigures> {
  const page: Page = await context.newPage();
  await page.addInitScript({ content: OBSERVE_VITALS });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cold });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const log: string[] = [];
  let navStart = 0; // the document request's monotonic time, seconds (request log)
  const inFlight = new Set<string>();
  let lastNetworkActivity = Date.now();
  let jsBytes = 0;
  let totalBytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && navStart === 0) navStart = e.timestamp;
    urls.set(e.requestId, e.request.url);
    inFlight.add(e.requestId);
    lastNetworkActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  const done = (requestId: string) => {
    inFlight.delete(requestId);
    lastNetworkActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => {
    done(e.requestId);
    requests += 1;
    totalBytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
    log.push(
      `  ${String(Math.round((e.timestamp - navStart) * 1000)).padStart(6)} ms ${String(e.encodedDataLength).padStart(7)} B ${types.get(e.requestId)} ${new URL(urls.get(e.requestId) ?? '').pathname}`,
    );
  });
  cdp.on('Network.loadingFailed', (e) => done(e.requestId));

  if (process.env.PHONE_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  const response = await page.goto(url, { waitUntil: 'load', timeout: MAX_WAIT_MS * 2 });
  const started = Date.now();
  let vitals: Vitals;
  for (;;) {
    vitals = await page.evaluate(() => (globalThis as unknown as { __vitals: Vitals }).__vitals);
    const now = await page.evaluate(() => performance.now());
    const lastTask = vitals.longTasks.reduce((m, [s]) => Math.max(m, s), 0);
    const quietNetwork = inFlight.size === 0 && Date.now() - lastNetworkActivity >= QUIET_NETWORK_MS;
    const quietThread = now - lastTask >= QUIET_MAIN_THREAD_MS;
    if ((quietNetwork && quietThread) || Date.now() - started > MAX_WAIT_MS) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (process.env.PHONE_PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    const file = join(
      process.env.PHONE_PROFILE,
      `phone${new URL(url).pathname.replace(/\W/g, '_')}.cpuprofile`,
    );
    await writeFile(file, JSON.stringify(profile));
  }
  await page.close();
  if (verbose) {
    const tasks = vitals.longTasks.map(([start, duration]) => `${Math.round(start)}+${Math.round(duration)}`);
    const shifts = vitals.shifts.map(
      ([start, value, moved]) => `${Math.round(start)} ms ${value.toFixed(3)}: ${moved}`,
    );
    console.log(
      `${url}\n${log.join('\n')}\n  LCP element: ${vitals.lcpElement}\n  long tasks (ms since navigation start + duration): ${tasks.join(' ')}\n  layout shifts:\n    ${shifts.join('\n    ')}`,
    );
  }
  return {
    path: new URL(url).pathname,
    status: response?.status() ?? 0,
    jsBytes,
    totalBytes,
    requests,
    fcpMs: Math.round(vitals.fcp),
    lcpMs: Math.round(vitals.lcp),
    lcpElement: vitals.lcpElement,
    tbtMs: Math.round(totalBlockingTime(vitals.fcp, vitals.longTasks)),
    cls: Number(cumulativeLayoutShift(vitals.shifts).toFixed(3)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(run: number, rows: PageFigures[], cold = true) {
  console.log(
    `\nrun ${run}: slow 4G (1.6 Mbps down, 750 kbps up, 150 ms RTT), CPU ×${CPU_SLOWDOWN}, ${cold ? 'no cache (cold)' : 'warm (the same pages loaded just before, caches kept)'}`,
  );
  console.log('| page | status | JS transferred | total transferred | requests | FCP | LCP | TBT | CLS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.path} | ${r.status} | ${kb(r.jsBytes)} | ${kb(r.totalBytes)} | ${r.requests} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} |`,
    );
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const dataDir = await mkdtemp(join(tmpdir(), 'acg-phone-bench-'));
  const system = await startEmbedded({
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'error',
    env: { RATE_LIMIT_ENABLED: 'false' },
  });
  const browser = await launchChromium();
  try {
    const cookie = await signIn(system.url, 'sakura_fan');
    const me = await (await fetch(`${system.url}/api/me`, { headers: { cookie } })).json();
    const { cards } = await system.bus.request(cardsGet, {
      ids: Array.from({ length: demoCounts.cards }, (_, i) => i + 1),
    });
    for (const card of cards)
      await system.bus.request(inventoryGrant, {
        userId: me.user.id,
        cardId: card.id,
        idempotencyKey: `phone-bench-${card.id}`,
        source: 'admin',
      });

    const [name, value] = cookie.split(';')[0]!.split('=');
    const phone = {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    };
    // Warm the server once (its SSR bundle, JIT, the image proxy's cache): the bench measures
    // the page on the phone, not the first request after the system started.
    {
      // As the phone: the same screen asks for the same picture sizes (srcset), so the image
      // service's renders the runs use are the ones warmed here.
      const warm = await browser.newContext(phone);
      await warm.addCookies([{ name: name!, value: value!, url: system.url }]);
      const page = await warm.newPage();
      for (const path of ['/', '/characters', '/profile'])
        await page.goto(`${system.url}${path}`, { waitUntil: 'networkidle' });
      await warm.close();
    }
    const all: PageFigures[][] = [];
    for (let run = 1; run <= runs; run += 1) {
      const visitor = await browser.newContext(phone);
      const fan = await browser.newContext(phone);
      await fan.addCookies([{ name: name!, value: value!, url: system.url }]);
      const rows = [
        await measure(visitor, `${system.url}/`, values.verbose),
        await measure(fan, `${system.url}/characters`, values.verbose),
        await measure(fan, `${system.url}/profile`, values.verbose),
      ];
      // Warm: each page again in the same browser, its HTTP cache and the image cache kept.
      const warm = [
        await measure(visitor, `${system.url}/`, values.verbose, false),
        await measure(fan, `${system.url}/characters`, values.verbose, false),
        await measure(fan, `${system.url}/profile`, values.verbose, false),
      ];
      await visitor.close();
      await fan.close();
      all.push(rows, warm);
      if (!values.json) {
        printTable(run, rows);
        printTable(run, warm, false);
      }
    }
    if (values.json) console.log(JSON.stringify(all, null, 2));
  } finally {
    await browser.close();
    await system.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * The image proxy against Debian's nginx with its image_filter module, resizing the same source
 * images in one run: 8 real-looking portraits (1200x1600 JPEG, @acg/fakes' drawPortrait) served
 * by an upstream on loopback in this process.
 *
 * - cold resize: every request names a new URL (a fresh `?v=`), so each one is fetched from the
 *   upstream, decoded, scaled to fit 400x400 and encoded: the proxy (WebP, its format for a
 *   browser accepting WebP; IMAGE_PROXY_MAX_SIDE=400) against nginx image_filter (JPEG, quality
 *   80, `image_filter resize 400 400`);
 * - cached hit: one URL again and again: the proxy's hot tier against image_filter (which keeps
 *   nothing: it fetches and resizes every time) and, for honesty, against nginx proxy_cache in
 *   front of image_filter (nginx's own answer to caching).
 *
 * nginx runs with one worker (the proxy is one Node process; its cold resize is measured with as
 * many workers as cores too, since libvips resizes on several threads) from a config in a temp
 * folder on a loopback port; nginx and its image_filter module are installed with apt-get when missing (as
 * root). Load comes from wrk.
 *
 *   pnpm exec tsx services/image-proxy/bench/vs-nginx.ts [--duration 10] [--cold-connections 8] [--connections 50]
 *
 * Figures depend on the machine; CI does not assert them.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureWrk, type LoadResult, load, nginxVersion, startNginx } from '@acg/bench';
import { drawPortrait } from '@acg/fakes';
import Fastify from 'fastify';
import { spawnService, stopService } from './service';

const IMAGE_FILTER_MODULE = '/usr/share/nginx/modules/ngx_http_image_filter_module.so';
const SOURCES = 8;
const SIDE = 400;

/** nginx resizing with image_filter (every request) and caching the result (proxy_cache). */
const nginxHttp = (
  upstream: string,
) => `  proxy_cache_path $DIR/cache levels=1:2 keys_zone=images:16m max_size=512m inactive=1h use_temp_path=off;
  upstream source { server ${new URL(upstream).host}; keepalive 32; }
  server {
    listen 127.0.0.1:$PORT;
    # image_filter: fetched from the upstream and resized on every request.
    location /resize/ {
      proxy_pass http://source/src/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      image_filter resize ${SIDE} ${SIDE};
      image_filter_jpeg_quality 80;
      image_filter_buffer 20M;
    }
    # proxy_cache in front of image_filter: nginx's own cache of resized images.
    location /cached/ {
      proxy_pass http://127.0.0.1:$PORT/resize/;
      proxy_cache images;
      proxy_cache_valid 200 1h;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }`;

const startImageNginx = (upstream: string, workers: number) =>
  startNginx({
    http: nginxHttp(upstream),
    workers,
    main: `load_module ${IMAGE_FILTER_MODULE};`,
    modules: [{ pkg: 'libnginx-mod-http-image-filter', file: IMAGE_FILTER_MODULE }],
    readyPath: '/resize/1.jpg',
  });

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      duration: { type: 'string', default: '10' },
      'cold-connections': { type: 'string', default: '8' },
      connections: { type: 'string', default: '50' },
    },
  });
  const durationSeconds = Number(values.duration);
  const coldConnections = Number(values['cold-connections']);
  const connections = Number(values.connections);
  ensureWrk();

  const sources = await Promise.all(
    Array.from({ length: SOURCES }, (_, i) => drawPortrait(i + 1, { width: 1200, height: 1600 })),
  );
  const upstream = Fastify();
  upstream.get('/src/:file', (req, reply) => {
    const n = Number(/^(\d+)\.jpg$/.exec((req.params as { file: string }).file)?.[1]);
    const body = sources[n - 1];
    if (!body) return reply.code(404).send();
    return reply.type('image/jpeg').send(body);
  });
  const upstreamUrl = await upstream.listen({ host: '127.0.0.1', port: 0 });
  const service = await spawnService({ BENCH_UPSTREAM: upstreamUrl, BENCH_MAX_SIDE: String(SIDE) });
  const nginx = await startImageNginx(upstreamUrl, 1);
  const cores = availableParallelism();
  const nginxAll = await startImageNginx(upstreamUrl, cores);
  const webp = { accept: 'image/webp,*/*' };

  const encodedSource = encodeURIComponent(`${upstreamUrl}/src/`);
  // Lua: the n-th source with a fresh query per request (run-tagged: a warm-up's URLs are not reused).
  const proxyCold = (run: string) =>
    `"/api/proxy-image?url=${encodedSource}" .. (i % ${SOURCES} + 1) .. ".jpg%3Fv%3D${run}" .. i`;
  const nginxCold = (run: string) => `"/resize/" .. (i % ${SOURCES} + 1) .. ".jpg?v=${run}" .. i`;
  const proxyHit = `${service.url}/api/proxy-image?url=${encodeURIComponent(`${upstreamUrl}/src/1.jpg`)}`;

  const rows: Array<[string, LoadResult]> = [];
  const measure = async (
    name: string,
    opts: Parameters<typeof load>[0],
    warm: Parameters<typeof load>[0],
  ) => {
    await load({ ...warm, durationSeconds: 2 });
    rows.push([name, await load(opts)]);
  };
  try {
    const sizes = {
      proxy: (await (await fetch(proxyHit, { headers: webp })).arrayBuffer()).byteLength,
      nginx: (await (await fetch(`${nginx.url}/cached/1.jpg`)).arrayBuffer()).byteLength,
    };
    const cold = { connections: coldConnections, durationSeconds };
    await measure(
      `cold resize: image proxy (WebP, ${SIDE} px side)`,
      { ...cold, url: service.url, headers: webp, uniquePath: proxyCold('m') },
      { ...cold, url: service.url, headers: webp, uniquePath: proxyCold('w') },
    );
    await measure(
      `cold resize: nginx image_filter (JPEG q80, ${SIDE} px side)`,
      { ...cold, url: nginx.url, uniquePath: nginxCold('m') },
      { ...cold, url: nginx.url, uniquePath: nginxCold('w') },
    );
    await measure(
      `cold resize: nginx image_filter, ${cores} workers (every core, as libvips' threads use)`,
      { ...cold, url: nginxAll.url, uniquePath: nginxCold('m') },
      { ...cold, url: nginxAll.url, uniquePath: nginxCold('w') },
    );
    const hit = { connections, durationSeconds };
    await measure(
      `cached hit: image proxy, hot tier (${sizes.proxy} bytes)`,
      { ...hit, url: proxyHit, headers: webp },
      { ...hit, url: proxyHit, headers: webp },
    );
    await measure(
      'same URL again: nginx image_filter (no cache: resizes every time)',
      { ...hit, url: `${nginx.url}/resize/1.jpg` },
      { ...hit, url: `${nginx.url}/resize/1.jpg` },
    );
    await measure(
      `cached hit: nginx proxy_cache over image_filter (${sizes.nginx} bytes)`,
      { ...hit, url: `${nginx.url}/cached/1.jpg` },
      { ...hit, url: `${nginx.url}/cached/1.jpg` },
    );
  } finally {
    await nginx.stop();
    await nginxAll.stop();
    await stopService(service);
    await upstream.close();
  }

  console.log(
    `\nImage proxy vs nginx ${nginxVersion()} image_filter, ` +
      `${SOURCES} sources of 1200x1600 JPEG, ${durationSeconds} s each, wrk -t1; nginx 1 worker, proxy 1 process ` +
      `(cache: ${process.env.REDIS_URL ? 'redis' : 'memory'})\n`,
  );
  console.log('| run | connections | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const rps = (prefix: string) => rows.find(([name]) => name.startsWith(prefix))![1].rps;
  for (const [name, r] of rows)
    console.log(
      `| ${name} | ${name.startsWith('cold') ? coldConnections : connections} | ${Math.round(r.rps)} | ${r.p50ms.toFixed(2)} | ${r.p99ms.toFixed(2)} | ${r.errors} |`,
    );
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(
    `\ncold resize, proxy / image_filter: ${ratio(rps('cold resize: image proxy'), rps('cold resize: nginx'))} (target ≥ 1.0×)`,
  );
  console.log(
    `cold resize, proxy / image_filter on every core: ${ratio(rps('cold resize: image proxy'), rps(`cold resize: nginx image_filter, ${cores}`))}`,
  );
  console.log(
    `cached hit, proxy / image_filter: ${ratio(rps('cached hit: image proxy'), rps('same URL again'))} (target ≥ 1.5×)`,
  );
  console.log(
    `cached hit, proxy / nginx proxy_cache: ${ratio(rps('cached hit: image proxy'), rps('cached hit: nginx'))}`,
  );
}

await main();

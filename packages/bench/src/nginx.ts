/**
 * Debian's nginx as the peer of a benchmark: started from a generated configuration in a
 * temporary folder on a free loopback port, one process tree per call, stopped gracefully.
 * nginx (and any module asked for) is installed with apt-get when missing, as root.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage } from './wrk';

export interface NginxOptions {
  /** The `http { }` block's content after the common settings; `$PORT` and `$DIR` are replaced. */
  http: string;
  /** Worker processes (default 1: the Node servers it is compared with are one process). */
  workers?: number;
  /** Top-level lines before `events`, e.g. a `load_module`. */
  main?: string;
  /** Debian packages the configuration needs beyond nginx, with a file proving each installed. */
  modules?: { pkg: string; file: string }[];
  /** A path answering 200 once nginx serves (default `/`). */
  readyPath?: string;
}

export interface RunningNginx {
  url: string;
  /** The folder holding its configuration (and any files the configuration serves from it). */
  dir: string;
  /** The master process (its workers are its children). */
  pid: number;
  stop(): Promise<void>;
}

/** A port free on loopback now (the OS's choice). */
export const freeLoopbackPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const hasNginx = () =>
  spawnSync('sh', ['-c', 'command -v nginx']).status === 0 || existsSync('/usr/sbin/nginx');

/** nginx's version as it prints it, e.g. `nginx/1.22.1`. */
export const nginxVersion = () =>
  spawnSync('nginx', ['-v'])
    .stderr.toString()
    .trim()
    .replace(/^nginx version: /, '');

/** Starts nginx; `prepare` may write files into its folder before it starts (static peers). */
export async function startNginx(
  options: NginxOptions,
  prepare?: (dir: string) => void,
): Promise<RunningNginx> {
  ensureDebianPackage('nginx', hasNginx);
  for (const m of options.modules ?? []) ensureDebianPackage(m.pkg, () => existsSync(m.file));
  const dir = mkdtempSync(join(tmpdir(), 'acg-nginx-'));
  for (const sub of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) mkdirSync(join(dir, sub));
  prepare?.(dir);
  const port = await freeLoopbackPort();
  const fill = (text: string) => text.replaceAll('$PORT', String(port)).replaceAll('$DIR', dir);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${options.main ?? ''}
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${options.workers ?? 1};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${fill(options.http)}
}
`,
  );
  const child: ChildProcess = spawn(
    existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    try {
      if ((await fetch(`${url}${options.readyPath ?? '/'}`)).status === 200) break;
    } catch {}
    if (i > 50) throw new Error('nginx did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dir,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The plain reverse proxy of the gateway comparisons: keep-alive upstream, nothing else. */
export const reverseProxyConfig = (
  upstreamUrl: string,
) => `  upstream service { server ${new URL(upstreamUrl).host}; keepalive 64; }
  server {
    listen 127.0.0.1:$PORT;
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }`;

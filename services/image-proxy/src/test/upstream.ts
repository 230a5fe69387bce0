import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small, valid-looking PNG whose header claims `width`×`height` pixels (a decompression bomb). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const solidPng = (rgb: [number, number, number], width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

export interface TestUpstream {
  url: string;
  port: number;
  /** Requests received, by path (query included). */
  hits: string[];
  /** Headers of every request received. */
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * A loopback image host for the proxy's tests: good images, and every kind of bad answer
 * (wrong types, disguised markup, oversized and bomb images, redirects, stalls, cookies).
 */
export async function startTestUpstream(): Promise<TestUpstream> {
  const red = await solidPng([220, 20, 20]);
  const jpeg = await sharp({
    create: { width: 50, height: 40, channels: 3, background: { r: 20, g: 200, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const frame = (r: number, g: number, b: number) =>
    sharp({ create: { width: 20, height: 10, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const gif = await sharp([await frame(255, 0, 0), await frame(0, 0, 255)], { join: { animated: true } })
    .gif()
    .toBuffer();
  // Noise does not compress: a PNG of ~270 KB.
  const big = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
  const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
  const hits: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    hits.push(`${url.pathname}${url.search}`);
    headers.push(req.headers);
    const send = (type: string | undefined, body: Buffer, extra: Record<string, string> = {}) => {
      if (type) res.setHeader('content-type', type);
      for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
      res.end(body);
    };
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const n = Number(redirect[1]);
      res.writeHead(302, { location: n === 0 ? '/red.png' : `/redirect/${n - 1}` });
      return res.end();
    }
    switch (url.pathname) {
      case '/red.png':
        return send('image/png', red);
      case '/green.jpg':
        return send('image/jpeg; charset=binary', jpeg);
      case '/anim.gif':
        return send('image/gif', gif);
      case '/cookie.png':
        return send('image/png', red, {
          'set-cookie': 'session=stolen; Path=/',
          'content-security-policy': "script-src 'unsafe-inline'",
          'access-control-allow-origin': '*',
          'x-upstream-secret': 'yes',
        });
      case '/html':
        return send('text/html', html);
      case '/html-as-png':
        return send('image/png', html);
      case '/svg':
        return send('image/svg+xml', svg);
      case '/svg-as-png':
        return send('image/png', svg);
      case '/no-type':
        return send(undefined, red);
      case '/json':
        return send('application/json', Buffer.from('{"a":1}'));
      case '/big.png':
        // Chunked: no Content-Length, the cap must stop the stream.
        res.setHeader('content-type', 'image/png');
        res.write(big.subarray(0, 100_000));
        res.write(big.subarray(100_000));
        return res.end();
      case '/big-declared.png':
        return send('image/png', big);
      case '/bomb.png':
        return send('image/png', pngClaiming(100_000, 100_000));
      case '/truncated.png':
        // A whole header, then half of the pixel data.
        return send('image/png', big.subarray(0, 20_000));
      case '/to':
        res.writeHead(302, { location: url.searchParams.get('u') ?? '/' });
        return res.end();
      case '/stall':
        // Headers and a few bytes, then nothing.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(red.subarray(0, 20));
        return;
      case '/hang':
        return; // never answers
      case '/missing.png':
        res.writeHead(404);
        return res.end('no');
      case '/broken.png':
        res.writeHead(500);
        return res.end('oops');
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A listener standing for an internal service: counts every connection and request it gets. */
export async function startInternalListener(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server = createServer((_req, res) => res.end('internal secret'));
  server.on('connection', () => {
    connections++;
  });
  const port = await listen(server);
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

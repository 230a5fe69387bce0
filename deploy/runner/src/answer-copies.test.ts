import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as catalogue from '@acg/catalogue';
import { seedLargeCatalogue } from '@acg/catalogue/seed';
import { characterListSchema } from '@acg/contracts';
import { createLogger, openServiceDatabase } from '@acg/platform';
import { createTestDatabase, type TestDatabase } from '@acg/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedSystem, startEmbedded } from './embedded';
import { isolated, signIn } from './testing/sign-in';

/**
 * The gateway's copies of large answers (rules §45) against the real catalogue: a catalogue of
 * 3,000 characters makes the unpaged list larger than the 64 KiB the gateway collects, so the
 * gateway keeps it and asks the catalogue, with If-None-Match, whether it is still current. The
 * catalogue's own metrics show which requests it answered with 304.
 */
const CHARACTERS = 3000;
let db: TestDatabase;
let dataDir: string;
let sys: EmbeddedSystem;
let fan: string;
let admin: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'acg-answer-copies-'));
  const seeding = await openServiceDatabase(catalogue.database, db.url, createLogger('seed', 'silent'));
  await seedLargeCatalogue(seeding, { characters: CHARACTERS, cardsPerCharacter: 1, anime: 50 });
  await seeding.close();
  sys = await startEmbedded({
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO_CATALOGUE: 'false',
      ...isolated(),
    },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  fan = await signIn(sys.url, 'sakura_fan');
  admin = await signIn(sys.url, 'admin_hikari');
}, 180_000);
afterAll(async () => {
  await sys?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One GET through the gateway, its headers and its body's bytes exactly as they came. */
const rawGet = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(`${sys.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.once('error', reject);
    }).once('error', reject);
  });

/** How many times the catalogue answered GET /api/characters with this status, from its /metrics. */
async function catalogueAnswers(status: number): Promise<number> {
  const text = await (await fetch(`${sys.services.get('catalogue')!.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_request_duration_seconds_count{') &&
        l.includes('method="GET"') &&
        l.includes('route="/api/characters"') &&
        l.includes(`status_code="${status}"`),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const names = (body: Buffer, gzipped: boolean) =>
  characterListSchema
    .parse(JSON.parse((gzipped ? gunzipSync(body) : body).toString('utf8')))
    .map((c) => c.name);

describe('the unpaged characters list through the gateway', () => {
  it('is sent from the gateway’s copy while the catalogue answers 304, and follows an edit at once', async () => {
    const gzip = { cookie: fan, 'accept-encoding': 'gzip' };
    const first = await rawGet('/api/characters', gzip);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.body.length).toBeGreaterThan(64 * 1024);
    expect(names(first.body, true)).toHaveLength(CHARACTERS);
    expect(first.headers['x-total-count']).toBe(String(CHARACTERS));
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);

    const revalidated = await catalogueAnswers(304);
    const again = await rawGet('/api/characters', gzip);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['x-total-count']).toBe(String(CHARACTERS));
    expect(Number(again.headers['content-length'])).toBe(first.body.length);
    // The catalogue saw the request (with the caller's identity) and sent no body.
    expect(await catalogueAnswers(304)).toBe(revalidated + 1);

    // A client's own validator gets the catalogue's 304, not the copy.
    const own = await rawGet('/api/characters', { ...gzip, 'if-none-match': etag! });
    expect(own.status).toBe(304);
    expect(own.body.length).toBe(0);

    // Signed out, the copy is not sent: the gateway refuses before asking anyone.
    const anonymous = await rawGet('/api/characters', { 'accept-encoding': 'gzip' });
    expect(anonymous.status).toBe(401);

    // An administrator renames the first character: the next list is the new one, not the copy.
    const firstId = characterListSchema.parse(JSON.parse(gunzipSync(first.body).toString('utf8')))[0]!.id;
    const renamed = await fetch(`${sys.url}/admin/characters/${firstId}`, {
      method: 'PATCH',
      headers: {
        cookie: admin,
        origin: sys.url,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ name: 'Переименованная героиня' }),
    });
    expect(renamed.status).toBe(200);
    const changed = await rawGet('/api/characters', gzip);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(names(changed.body, true)).toContain('Переименованная героиня');
    expect(names(changed.body, true)).toHaveLength(CHARACTERS);
    // And the new answer is the copy from then on.
    const revalidatedAfterEdit = await catalogueAnswers(304);
    const afterEdit = await rawGet('/api/characters', gzip);
    expect(afterEdit.body.equals(changed.body)).toBe(true);
    expect(await catalogueAnswers(304)).toBe(revalidatedAfterEdit + 1);
  });

  it('keeps the plain and the gzipped answers apart', async () => {
    const plain = await rawGet('/api/characters', { cookie: fan });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await rawGet('/api/characters', { cookie: fan, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plainAgain = await rawGet('/api/characters', { cookie: fan });
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.body.equals(plain.body)).toBe(true);
    expect(names(plainAgain.body, false)).toEqual(names(gzipped.body, true));
  });
});

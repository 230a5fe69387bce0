/**
 * Wish alerts under load (issue 25): drops at a steady rate (default 1,000 a minute) with 10,000
 * wishes stored; the alert latency (a drop's grant → its wish.alerted event heard on the bus, as
 * the gateway's live stream hears it; and → the DM posted at the fake Discord) p50/p99, and the
 * CPU of the bot process (its own OS process, as in production) over the run.
 *
 *   NATS_URL=nats://127.0.0.1:4222 pnpm exec tsx services/inventory/bench/wish-alerts.ts \
 *     [--minutes 2] [--per-minute 1000] [--fans 1000] [--per-fan 10] [--characters 2000]
 *
 * Needs NATS (the bot runs in a child process; events cross through NATS under a namespace of
 * their own). DATABASE_URL's server when set (a fresh database, dropped at the end), else embedded
 * PostgreSQL. One card per character; fan f wishes `per-fan` characters spread evenly; each drop
 * goes to one of 5,000 other players, of a character picked uniformly. The bot's cache is in
 * memory (no REDIS_URL passed on).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { inventoryGrant, inventoryGranted, usersGet, wishAlerted } from '@acg/contracts';
import { FAKE_BOT_TOKEN, type FakeDiscordAccount, startFakeDiscord } from '@acg/fakes';
import { connectBus, createLogger, createMemoryCache, openServiceDatabase } from '@acg/platform';
import { createTestDatabase } from '@acg/platform/testing';
import { inventoryConfigSchema } from '../src/config';
import { inventoryDatabase, start } from '../src/start';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '2' },
    'per-minute': { type: 'string', default: '1000' },
    fans: { type: 'string', default: '1000' },
    'per-fan': { type: 'string', default: '10' },
    characters: { type: 'string', default: '2000' },
  },
});
const minutes = Number(values.minutes);
const perMinute = Number(values['per-minute']);
const fans = Number(values.fans);
const perFan = Number(values['per-fan']);
const characters = Number(values.characters);
const natsUrl = process.env.NATS_URL;
if (!natsUrl) throw new Error('NATS_URL is needed: the bot runs as its own process');

const SECRET = 'bench-secret-0123456789abcdef0123456789';
const namespace = `bench-wish-${Math.random().toString(36).slice(2, 8)}`;
const logger = createLogger('wish-bench', 'warn');
const FAN_BASE = 1;
const DROPPER_BASE = 100_000;
const discordIdOf = (userId: number) => String(200_000_000_000_000_000n + BigInt(userId));

// --- the fake Discord, with an account per fan (a DM needs a real recipient) ---
const accounts: FakeDiscordAccount[] = Array.from({ length: fans }, (_, i) => ({
  discordId: discordIdOf(FAN_BASE + i),
  username: `fan_${i}`,
  globalName: null,
  email: null,
  avatar: null,
  locale: 'en-US',
  intendedAdminLevel: 0,
}));
const discord = await startFakeDiscord({ accounts });
discord.channels.rateLimit = { kind: 'off' };

// --- inventory on NATS, with the wishes and cards written directly ---
const testDb = await createTestDatabase();
const database = await openServiceDatabase(inventoryDatabase, testDb.url, logger);
const bus = await connectBus({ natsUrl, namespace, name: 'wish-bench', logger });
await database.pool.query(
  `insert into inventory.card_summaries (id, character_id, character_name, character_names, rank_code, rank_title, rank_color, limited, as_of)
   select g, g, 'Character ' || g, jsonb_build_object('en', 'Character ' || g), 'E', 'Common', '#9e9e9e', false, now()
   from generate_series(1, $1::int) g`,
  [characters],
);
await database.pool.query(
  `insert into inventory.wishes (user_id, character_id)
   select $1::int + f, 1 + ((f * 7919 + k * 104729) % $3::int)
   from generate_series(0, $2::int - 1) f, generate_series(0, $4::int - 1) k
   on conflict do nothing`,
  [FAN_BASE, fans, characters, perFan],
);
await database.pool.query('analyze inventory.wishes; analyze inventory.card_summaries');
const { rows: counted } = await database.pool.query('select count(*)::int as n from inventory.wishes');
const wishCount = counted[0].n as number;
const config = inventoryConfigSchema.parse({ INTERNAL_SECRET: SECRET, PORT: '0', LOG_LEVEL: 'warn' });
const inventory = await start({
  config,
  logger,
  bus,
  cache: createMemoryCache(),
  database,
  ownsInfra: false,
});
// auth's users.get, for the bot: each fan's Discord id.
const users = await bus.serve(usersGet, async ({ ids }) => ({
  users: ids.map((id) => ({
    id,
    username: `user_${id}`,
    discriminator: '0',
    discordId: discordIdOf(id),
    avatar: null,
  })),
}));

// --- the bot, as its own process ---
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const bot = spawn(process.execPath, ['--import', 'tsx', 'services/bot/src/main.ts'], {
  cwd: repoRoot,
  env: {
    PATH: process.env.PATH,
    NATS_URL: natsUrl,
    BUS_NAMESPACE: namespace,
    INTERNAL_SECRET: SECRET,
    PORT: '0',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DISCORD_PUBLIC_KEY: discord.interactions.publicKeyHex,
    DISCORD_APPLICATION_ID: discord.interactions.applicationId,
    DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
    DISCORD_API_BASE_URL: `${discord.url}/api/v10`,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
/** The bot process's CPU time so far (user + system, ms), from /proc (clock ticks of 10 ms). */
const botCpuMs = () => {
  const fields = readFileSync(`/proc/${bot.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

// What arrives, stamped on arrival; matched to the drops after the run.
const heard: { entryId: number; userId: number; name: string; dm: boolean; at: number }[] = [];
const grantsHeard: { entryId: number; at: number }[] = [];
const listening = await bus.listen({
  types: [wishAlerted.type, inventoryGranted.type],
  handler: (event) => {
    if (event.type === inventoryGranted.type) {
      grantsHeard.push({ entryId: inventoryGranted.data.parse(event.data).entryId, at: performance.now() });
      return;
    }
    const a = wishAlerted.data.parse(event.data);
    heard.push({
      entryId: a.entryId ?? 0,
      userId: a.userId,
      name: a.characterName,
      dm: a.dm,
      at: performance.now(),
    });
  },
});
// The DMs: stamped when seen at the fake Discord (looked at every 100 ms: up to 100 ms late; a
// tighter look sorting every message so far would load the process it measures).
const dms: { key: string; at: number }[] = [];
let seenDms = 0;
const dmPoll = setInterval(() => {
  const posted = discord.channels.posted();
  const now = performance.now();
  for (const m of posted.slice(seenDms)) {
    const channel = discord.channels.channel(m.channel_id);
    const name = /\*\*(.+?)\*\*/.exec(m.content)?.[1]?.replaceAll('\\', '');
    dms.push({ key: `${channel?.recipientId}:${name}`, at: now });
  }
  seenDms = posted.length;
}, 100);

const countAlerts = async () => {
  const { rows } = await database.pool.query(
    'select count(*)::int as alerts, count(*) filter (where dm)::int as dms from inventory.wish_alerts',
  );
  return rows[0] as { alerts: number; dms: number };
};
// Warm-up: the bot has started (tsx compiles it) and holds its consumer once a first DM arrives.
await bus.request(inventoryGrant, {
  userId: DROPPER_BASE,
  cardId: 1,
  idempotencyKey: `warm-${namespace}`,
  source: 'drop',
});
for (let i = 0; i < 1200 && dms.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
if (dms.length === 0) throw new Error('the bot sent no DM within a minute');
// The warm-up's alerts are done (their DMs posted): left out of the figures.
await new Promise((r) => setTimeout(r, 1000));
const baseline = await countAlerts();
heard.length = 0;
dms.length = 0;
grantsHeard.length = 0;

// --- the run ---
/** Start times of the drops, by the entry they landed in (two drops may share one). */
const dropStarts = new Map<number, number[]>();

const total = Math.round(minutes * perMinute);
const gapMs = 60_000 / perMinute;
const cpuBefore = botCpuMs();
const t0 = performance.now();
let grants: Promise<unknown>[] = [];
for (let i = 0; i < total; i++) {
  const wait = t0 + i * gapMs - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const started = performance.now();
  const cardId = 1 + Math.floor(Math.random() * characters);
  const dropper = DROPPER_BASE + Math.floor(Math.random() * 5000);
  grants.push(
    bus
      .request(inventoryGrant, {
        userId: dropper,
        cardId,
        idempotencyKey: `bench-${namespace}-${i}`,
        source: 'drop',
      })
      .then((g) => dropStarts.set(g.entryId, [...(dropStarts.get(g.entryId) ?? []), started])),
  );
  if (grants.length >= 200) {
    await Promise.all(grants);
    grants = [];
  }
}
await Promise.all(grants);
const runMs = performance.now() - t0;
// Let the last alerts and DMs arrive (bounded).
const expectedNow = async () => {
  const now = await countAlerts();
  return { alerts: now.alerts - baseline.alerts, dms: now.dms - baseline.dms };
};
let expected = await expectedNow();
for (let i = 0; i < 600 && (heard.length < expected.alerts || dms.length < expected.dms); i++) {
  await new Promise((r) => setTimeout(r, 100));
  expected = await expectedNow();
}
const settledMs = performance.now() - t0;
const cpuMs = botCpuMs() - cpuBefore;

/** A drop's start: the latest start of its entry's drops before `at`. */
const startOf = (entryId: number, at: number) =>
  Math.max(...(dropStarts.get(entryId) ?? []).filter((s) => s <= at), Number.NEGATIVE_INFINITY);
const grantLatency = grantsHeard.map((g) => g.at - startOf(g.entryId, g.at)).filter(Number.isFinite);
const eventLatency = heard.map((h) => h.at - startOf(h.entryId, h.at)).filter(Number.isFinite);
const dmStart = new Map(
  heard.filter((h) => h.dm).map((h) => [`${discordIdOf(h.userId)}:${h.name}`, startOf(h.entryId, h.at)]),
);
const dmLatency = dms
  .map((d) => d.at - (dmStart.get(d.key) ?? Number.POSITIVE_INFINITY))
  .filter(Number.isFinite);

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(
  [
    `wishes stored: ${wishCount.toLocaleString('en')} (${fans} fans × ${perFan}, ${characters} characters)`,
    `drops: ${total} in ${(runMs / 1000).toFixed(1)} s (${((total / runMs) * 60_000).toFixed(0)}/min)`,
    `alerts: ${expected.alerts} recorded, ${heard.length} heard (${eventLatency.length} matched); DMs: ${expected.dms} decided, ${dms.length} posted (${dmLatency.length} matched)`,
    `drop → inventory.granted heard: p50 ${ms(pct(grantLatency, 50))}, p99 ${ms(pct(grantLatency, 99))}`,
    `drop → wish.alerted heard: p50 ${ms(pct(eventLatency, 50))}, p99 ${ms(pct(eventLatency, 99))}, max ${ms(pct(eventLatency, 100))}`,
    `drop → DM at Discord: p50 ${ms(pct(dmLatency, 50))}, p99 ${ms(pct(dmLatency, 99))}, max ${ms(pct(dmLatency, 100))}`,
    `bot process CPU: ${(cpuMs / 1000).toFixed(1)} s over ${(settledMs / 1000).toFixed(1)} s = ${((cpuMs / settledMs) * 100).toFixed(1)}% of one core`,
  ].join('\n'),
);

clearInterval(dmPoll);
await listening.stop();
bot.kill('SIGTERM');
await new Promise((r) => bot.once('exit', r));
await users.stop();
await inventory.close();
await bus.drain();
await database.close();
await testDb.drop();
await discord.close();

/**
 * How fast the bot answers its commands against the real services (the system in one process,
 * as `npm start` runs it): signed interactions from the fake Discord, one at a time, after the
 * fan has dropped 10 cards. Prints p50/p95/max per command and the answer types seen (8 for
 * autocomplete, 4 for a message; a 5 would mean a deferral past DEFER_AFTER_MS).
 *
 *   pnpm exec tsx deploy/runner/bench/bot-commands.ts [--runs 40]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { demoAccounts, type InteractionBody } from '@acg/fakes';
import { startEmbedded } from '../src/embedded';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const runs = Number(values.runs);
const dataDir = await mkdtemp(join(tmpdir(), 'acg-bench-bot-'));
const sys = await startEmbedded({
  dataDir,
  port: 0,
  ephemeralPorts: true,
  logLevel: 'silent',
  env: { ...process.env, DROP_COOLDOWN_SECONDS: '0', RATE_LIMIT_ENABLED: 'false' },
});
const fake = sys.fakeDiscord!;
const fan = demoAccounts[0]!;

async function send(interaction: InteractionBody) {
  const began = performance.now();
  const sent = await fake.interactions.send(interaction, `${sys.url}/interactions`);
  return { ms: performance.now() - began, type: sent.answer?.type };
}
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(0);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
};

try {
  for (let i = 0; i < 10; i++) await send(fake.interactions.commandInteraction(fan, 'card'));
  const commands: Record<string, () => InteractionBody> = {
    'autocomplete /view': () =>
      fake.interactions.commandInteraction(fan, 'view', {
        options: [{ name: 'card', type: 3, value: 'a', focused: true }],
        autocomplete: true,
      }),
    '/collection': () => fake.interactions.commandInteraction(fan, 'collection', { options: [] }),
    '/view': () =>
      fake.interactions.commandInteraction(fan, 'view', { options: [{ name: 'card', type: 3, value: '1' }] }),
    '/profile': () => fake.interactions.commandInteraction(fan, 'profile', { options: [] }),
  };
  for (const [name, make] of Object.entries(commands)) {
    await send(make());
    const times: number[] = [];
    const types = new Set<number | undefined>();
    for (let i = 0; i < runs; i++) {
      const { ms, type } = await send(make());
      times.push(ms);
      types.add(type);
    }
    console.log(`${name}: ${summary(times)} (answer types ${[...types].join(', ')})`);
  }
} finally {
  await sys.close();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Registers the bot's slash commands with Discord (run once per application, and after a
 * command changes):
 *
 *   DISCORD_APPLICATION_ID=… DISCORD_BOT_TOKEN=… pnpm exec tsx services/bot/scripts/register-commands.ts
 *
 * DISCORD_API_BASE_URL (default https://discord.com/api/v10) points it at the fake Discord in tests.
 */
const appId = process.env.DISCORD_APPLICATION_ID;
const token = process.env.DISCORD_BOT_TOKEN;
const base = process.env.DISCORD_API_BASE_URL ?? 'https://discord.com/api/v10';
if (!appId || !token) {
  console.error('Set DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN.');
  process.exit(2);
}
export const COMMANDS = [{ name: 'card', type: 1, description: 'Get a random anime character card' }];
const res = await fetch(`${base}/applications/${appId}/commands`, {
  method: 'PUT',
  headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(COMMANDS),
});
console.log(`Discord answered ${res.status}: ${await res.text()}`);
process.exit(res.ok ? 0 : 1);

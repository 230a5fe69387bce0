/**
 * Registers the bot's slash commands (/card, /collection, /view, /wish, /trade, /profile; names
 * and descriptions in English and Russian; usable in servers, DMs and as a user-installed app)
 * with Discord. Run it once per application, and again
 * whenever a command changes; it replaces the application's global commands (bulk overwrite,
 * PUT /applications/{application_id}/commands):
 *
 *   DISCORD_APPLICATION_ID=… DISCORD_BOT_TOKEN=… pnpm exec tsx services/bot/scripts/register-commands.ts
 *
 * DISCORD_API_BASE_URL (default https://discord.com/api/v10) points it elsewhere, e.g. at the fake
 * Discord (`<fake>/api/v10`, token `fake-discord-bot-token`). Global commands can take a while to
 * show in Discord clients. Exits 0 on success, 1 when Discord refuses, 2 on bad settings.
 */
import { z } from 'zod';
import { COMMANDS } from '../src/domain/commands';

const settings = z
  .object({
    DISCORD_APPLICATION_ID: z.string().regex(/^\d+$/, 'the numeric application id'),
    DISCORD_BOT_TOKEN: z.string().min(1),
    DISCORD_API_BASE_URL: z.string().url().default('https://discord.com/api/v10'),
  })
  .safeParse(process.env);
if (!settings.success) {
  for (const issue of settings.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const { DISCORD_APPLICATION_ID: appId, DISCORD_BOT_TOKEN: token, DISCORD_API_BASE_URL: base } = settings.data;

const res = await fetch(`${base.replace(/\/+$/, '')}/applications/${appId}/commands`, {
  method: 'PUT',
  headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(COMMANDS),
  signal: AbortSignal.timeout(15_000),
});
const text = await res.text();
if (!res.ok) {
  console.error(`Discord refused the commands (HTTP ${res.status}): ${text}`);
  process.exit(1);
}
const registered = JSON.parse(text) as Array<{ id: string; name: string }>;
console.log(
  `Discord answered ${res.status}: registered ${registered.map((c) => `/${c.name} (${c.id})`).join(', ')}`,
);

export {
  type DiscordUserJson,
  demoAccounts,
  discordUserJson,
  type FakeDiscordAccount,
} from './discord/accounts';
export { type FakeDiscord, type FakeDiscordOptions, startFakeDiscord } from './discord/server';
export { demoClient, type FakeDiscordClient } from './discord/store';

export {
  type DiscordUserJson,
  demoAccounts,
  discordUserJson,
  type FakeDiscordAccount,
} from './discord/accounts';
export { FAKE_BOT_TOKEN, FakeInteractions, type InteractionResponse } from './discord/interactions';
export { type FakeDiscord, type FakeDiscordOptions, startFakeDiscord } from './discord/server';
export { demoClient, type FakeDiscordClient } from './discord/store';

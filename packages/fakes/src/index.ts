export {
  type DiscordUserJson,
  demoAccounts,
  discordUserJson,
  type FakeDiscordAccount,
} from './discord/accounts';
export {
  type Delivery,
  FAKE_BOT_TOKEN,
  FakeInteractions,
  type InteractionBody,
  type InteractionResponse,
} from './discord/interactions';
export {
  FakeMessages,
  type InteractionThread,
  type MessageData,
  type StoredMessage,
} from './discord/messages';
export { type FakeDiscord, type FakeDiscordOptions, startFakeDiscord } from './discord/server';
export { demoClient, type FakeDiscordClient } from './discord/store';

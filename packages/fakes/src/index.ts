export { type FakeAniList, type FakeAniListOptions, startFakeAniList } from './anilist/server';
export {
  type FakeAnime,
  FakeAnimeCatalogue,
  type FakeCharacter,
  fakeAnimeCatalogue,
} from './anime-data';
export {
  type DiscordUserJson,
  demoAccounts,
  discordUserJson,
  type FakeDiscordAccount,
} from './discord/accounts';
export {
  type BotAuthor,
  type ChannelMessage,
  type ChannelRateLimit,
  FAKE_GENERAL_CHANNEL_ID,
  FAKE_GUILD_ID,
  type FakeChannel,
  FakeChannels,
  MESSAGE_BUCKET,
} from './discord/channels';
export {
  type CommandOptionBody,
  type Delivery,
  FAKE_BOT_TOKEN,
  FakeInteractions,
  type InteractionBody,
  type InteractionPlace,
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
export type { RecordedRequest } from './faults/faults';
export type { FakeMode, FakeModeInput } from './faults/switches';
export { DEMO_LOOKS, demoArtSlug, demoLookFeatures, demoPortraitSvg } from './images/looks';
export {
  DEMO_ART_PATH,
  demoArtUrl,
  drawPortrait,
  type PortraitOptions,
  portraitSvg,
} from './images/portrait';
export { type ShikimoriAccount, shikimoriDemoAccounts } from './shikimori/accounts';
export { type FakeShikimori, type FakeShikimoriOptions, startFakeShikimori } from './shikimori/server';
export { type ShikimoriClient, shikimoriDemoClient } from './shikimori/store';
export {
  DEMO_GROUP_ID,
  DEMO_GROUP_NAME,
  longPostText,
  REPOST_SOURCE_ID,
  REPOST_SOURCE_NAME,
  type VkAttachment,
  type VkCopy,
  type VkPost,
} from './vk/posts';
export { FAKE_VK_TOKEN, type FakeVk, type FakeVkOptions, startFakeVk, type VkRequest } from './vk/server';

/**
 * The settings the admin stores (GET/POST /api/config/:key). No zod here: the web client imports
 * this file alone (`@acg/contracts/setting-keys`), not the schemas.
 */
export const settingKeys = [
  'vk.token',
  'vk.discordChannelId',
  'vk.groups',
  'vk.freshnessSeconds',
  'vk.schedule',
] as const;
export type SettingKey = (typeof settingKeys)[number];

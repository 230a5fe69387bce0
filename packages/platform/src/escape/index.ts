/**
 * Escaping per destination (`@acg/platform/escape`): one module for each place user and
 * third-party text is written to outside HTML (which React escapes). Every producer of that
 * destination uses it: the bot and the admin service's VK relay for Discord, the news feed for
 * XML, the action-log export for CSV.
 */
export { neutraliseCell } from './csv';
export {
  type AllowedMentions,
  cutDiscord,
  discordInline,
  discordLink,
  discordText,
  EMBED_LIMITS,
  NO_PINGS,
} from './discord';
export { xmlAttr, xmlChars, xmlText } from './xml';

import * as z from 'zod/mini';
import { getJson } from './http';

const int = () => z.number().check(z.int());

export const meUserSchema = z.object({
  id: int(),
  username: z.string(),
  discriminator: z.nullable(z.string()),
  discordId: z.string(),
  avatar: z.nullable(z.string()),
  email: z.nullable(z.string()),
  adminLevel: int(),
  shikimoriId: z.nullable(int()),
  shikimoriNickname: z.nullable(z.string()),
  shikimoriAvatar: z.nullable(z.string()),
});
export type MeUser = z.infer<typeof meUserSchema>;
export const getMe = (signal?: AbortSignal) =>
  getJson('/api/me', z.object({ user: z.nullable(meUserSchema) }), signal);

export const inventoryEntrySchema = z.object({
  id: int(),
  cardId: int(),
  limited: z.boolean(),
  obtainedAt: z.string(),
  quantity: int(),
  character: z.string(),
  rank: z.string(),
  // Only the rank colour is read from the nested card (the frame takes the rank's own colour).
  Card: z.optional(z.object({ Rank: z.object({ color: z.string() }) })),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;
export const getMyInventory = (signal?: AbortSignal) =>
  getJson('/api/inventory/my', z.array(inventoryEntrySchema), signal);

export const inventoryStatsSchema = z.object({
  total_cards: int(),
  limited_cards: int(),
  common_cards: int(),
  unique_characters: int(),
});
export type InventoryStats = z.infer<typeof inventoryStatsSchema>;
export const getInventoryStats = (signal?: AbortSignal) =>
  getJson('/api/inventory/stats', inventoryStatsSchema, signal);

/** POST /auth/shikimori/unlink: disconnects the member's Shikimori account (rules §38). */
export async function unlinkShikimori(): Promise<void> {
  const response = await fetch('/auth/shikimori/unlink', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`unlink answered ${response.status}`);
}

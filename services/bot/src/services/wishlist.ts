/**
 * The wishlist's HTTP contract (inventory; issue 25): what /wish calls. Kept here in the shapes
 * the routes answer with until the contracts describe them.
 */
export interface WishlistItem {
  characterId: number;
  name: string;
  imageUrl: string | null;
  animeTitle: string | null;
  addedAt: string;
}
export interface WishlistRoutes {
  'GET /api/wishlist': { response: { items: WishlistItem[]; limit: number; dm: boolean } };
  'PUT /api/wishlist/:characterId': {
    params: { characterId: number };
    body: Record<string, never>;
    response: { added: boolean; count: number; limit: number };
  };
  'DELETE /api/wishlist/:characterId': {
    params: { characterId: number };
    response: { removed: boolean };
  };
}

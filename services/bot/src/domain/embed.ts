import type { CardSummary } from '@acg/contracts';

/** The drop message: an embed in the rank's colour with the card image. */
export function dropEmbed(card: CardSummary, quantity: number, publicUrl: string) {
  const color = /^#[0-9a-f]{6}$/i.test(card.rankColor)
    ? Number.parseInt(card.rankColor.slice(1), 16)
    : 0x9e9e9e;
  return {
    title: card.characterName,
    description: `${card.rankCode} · ${card.rankTitle}${card.limited ? ' · Limited' : ''}`,
    color,
    image: { url: `${publicUrl.replace(/\/$/, '')}/api/cards/${card.id}/image` },
    footer: { text: quantity > 1 ? `You now have ${quantity} copies` : 'New card for your collection!' },
  };
}

/** Ephemeral text answer (only the user who ran the command sees it). */
export const EPHEMERAL = 64;

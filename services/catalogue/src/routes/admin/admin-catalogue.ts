import { type HttpServer, refusalsInCallersLanguage } from '@acg/platform';
import { registerAnimeRoutes } from './animes/animes';
import { registerCardRoutes } from './cards/cards';
import { registerCharacterRoutes } from './characters/characters';
import { registerFranchiseRoutes } from './franchises/franchises';
import { type AdminCatalogueContext, answerFormRefusals } from './kit';
import { type MessageKey, sayIn } from './messages';
import { registerRankRoutes } from './ranks/ranks';
import { registerSeasonRoutes } from './seasons/seasons';

/** The foreign keys of the catalogue and what a write that breaks one refers to. */
const MISSING_REFERENCE: Record<string, MessageKey> = {
  anime_franchise_id_franchises_id_fk: 'franchiseNotFound',
  anime_characters_anime_id_anime_id_fk: 'animeNotFound',
  anime_characters_character_id_characters_id_fk: 'characterNotFound',
  cards_character_id_characters_id_fk: 'characterNotFound',
  cards_rank_id_ranks_id_fk: 'rankNotFound',
  cards_season_id_seasons_id_fk: 'seasonNotFound',
};

/**
 * The admin catalogue's calls (requirements C7) except rarity and ranks analysis, one folder per
 * resource (franchises, animes, characters, cards, ranks, seasons), each with its request and
 * response schemas from @acg/contracts. Level 3 only, as the route table declares it (the
 * platform enforces it on every route). Every write goes through the catalogue editor: one transaction with its card
 * events and its audit record, then the affected caches cleared (rules §36). Refusals are the
 * platform's error body, in the caller's language where the screens have words for them.
 */
export async function registerAdminCatalogueRoutes(
  app: HttpServer,
  ctx: AdminCatalogueContext,
): Promise<void> {
  // A write naming a row that does not exist (a foreign key, rules §36) says which, in the
  // caller's language.
  refusalsInCallersLanguage(app, (details, language) => {
    const key = typeof details.constraint === 'string' ? MISSING_REFERENCE[details.constraint] : undefined;
    return key && sayIn(language, key);
  });
  // Inside: schema refusals the screens word (requirements C5) are answered so; the rest go on to the
  // handler above and then the platform's.
  await app.register(async (forms) => {
    answerFormRefusals(forms);
    registerFranchiseRoutes(forms, ctx);
    registerAnimeRoutes(forms, ctx);
    registerCharacterRoutes(forms, ctx);
    registerCardRoutes(forms, ctx);
    registerRankRoutes(forms, ctx);
    registerSeasonRoutes(forms, ctx);
  });
}

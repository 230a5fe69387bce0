import type { TFunction } from 'i18next';
import {
  type AdminCharacter,
  type AdminRank,
  addCardsForAllAnime,
  addCardsForAnime,
  createCard,
  createCardsBulk,
} from '../../../../api/admin-catalogue';
import type { useConfirm } from '../../../../components/Confirm';
import type { Notify } from '../../../../components/Notify';
import { type CardForm, parseIdList, singleCardBody } from '../../catalogue/validation';
import { type Refusal, refused } from './refusal';

/** What the add form's writes need from the section. */
export interface AddContext {
  t: TFunction;
  notify: Notify;
  ask: ReturnType<typeof useConfirm>;
  ranks: readonly AdminRank[];
  characters: readonly AdminCharacter[];
  /** Empties the form's fields. */
  clearForm(): void;
  /** Closes the form. */
  closeForm(): void;
  refuse(refusal: Refusal): void;
}

/**
 * Adds the cards the form asks for, by its mode; false when the admin declined the confirmation
 * (nothing was written).
 */
export async function addByMode(
  ctx: AddContext,
  full: CardForm,
  rank_id: number,
  season_id: number | null,
): Promise<boolean> {
  if (full.mode === 'single' || full.mode === 'bulk') await addCards(ctx, full, rank_id, season_id);
  else if (full.mode === 'anime') await addForAnime(ctx, full, rank_id, season_id);
  else {
    if (!(await ctx.ask({ message: ctx.t('adminCatalogue.cards.confirmAll') }))) return false;
    await addForAll(ctx, rank_id, season_id);
  }
  return true;
}

/** One card or many by character ids (issue 28: each says so, a refusal shows where it belongs). */
async function addCards(ctx: AddContext, full: CardForm, rank_id: number, season_id: number | null) {
  const { t, notify } = ctx;
  const image = full.useImage && full.imageUrl.trim() ? { imageUrl: full.imageUrl.trim() } : {};
  const rank = ctx.ranks.find((r) => r.id === rank_id)?.code ?? '';
  try {
    if (full.mode === 'single') {
      await createCard(singleCardBody(full));
      const name =
        ctx.characters.find((c) => c.id === Number(full.characterId))?.name ?? `#${full.characterId}`;
      notify.success(t('adminCatalogue.cards.addedOne', { name, rank }));
    } else {
      const ids = parseIdList(full.characterIds);
      const limited = { limited: full.limited, season_id: full.limited ? season_id : null };
      await createCardsBulk(ids.map((character_id) => ({ character_id, rank_id, ...limited, ...image })));
      notify.success(t('adminCatalogue.cards.addedMany', { count: ids.length, rank }));
      ctx.closeForm();
    }
    ctx.clearForm();
  } catch (err) {
    ctx.refuse(refused(t, err, full.mode));
  }
}

/** A card for each character of one anime. */
async function addForAnime(ctx: AddContext, full: CardForm, rank_id: number, season_id: number | null) {
  const { t, notify } = ctx;
  const result = await addCardsForAnime(Number(full.animeId), rank_id, season_id);
  if (!result.ok)
    notify.error(t('adminCatalogue.cards.failed', { error: result.body?.error ?? result.statusText }));
  else {
    notify.success(
      t('adminCatalogue.cards.added', {
        added: result.body?.added ?? 0,
        skipped: result.body?.skipped ?? 0,
      }),
    );
    ctx.clearForm();
    ctx.closeForm();
  }
}

/** A card for each character of every anime. */
async function addForAll(ctx: AddContext, rank_id: number, season_id: number | null) {
  const { t, notify } = ctx;
  const result = await addCardsForAllAnime(rank_id, season_id);
  if (!result.ok)
    notify.error(t('adminCatalogue.cards.failed', { error: result.body?.error ?? result.statusText }));
  else {
    const b = result.body ?? {};
    notify.success(
      t('adminCatalogue.cards.addedAll', {
        total: b.total_anime ?? 0,
        added: b.total_added ?? 0,
        skipped: b.total_skipped ?? 0,
      }),
    );
    ctx.clearForm();
    ctx.closeForm();
  }
}

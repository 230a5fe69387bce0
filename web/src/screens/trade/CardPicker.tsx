import { matchesSearch } from '@acg/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardImageUrl } from '../../api/images';
import type { TradeableCopy } from '../../api/trades';
import { IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { rankColor } from '../../components/rank-color';

/**
 * A searchable grid of one user's copies to tick for a trade (each ticked copy goes with
 * quantity 1, requirements M2). Copies held by another pending trade are shown but cannot be ticked.
 */
export function CardPicker({
  legend,
  copies,
  selected,
  onToggle,
  name,
}: {
  legend: string;
  copies: TradeableCopy[];
  selected: ReadonlySet<number>;
  onToggle: (inventoryId: number) => void;
  /** Distinguishes the two pickers' inputs (give / receive). */
  name: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  // Any name of the character in any script, case and accents ignored, or the rank code (rules §57).
  const shown = useMemo(() => {
    const q = query.trim();
    if (!q) return copies;
    return copies.filter(
      (c) =>
        c.rank.code.toLowerCase() === q.toLowerCase() ||
        matchesSearch(c.characterNames ?? [c.characterName], q),
    );
  }, [copies, query]);
  return (
    <fieldset className="card-picker" data-picker={name}>
      <legend>
        {legend}{' '}
        <span className="card-picker__count">{t('trade.form.selected', { count: selected.size })}</span>
      </legend>
      {copies.length === 0 ? (
        <p className="empty">{t('trade.form.noCards')}</p>
      ) : (
        <>
          <label className="search card-picker__search">
            <span className="visually-hidden">{t('trade.form.search')}</span>
            <input
              type="search"
              value={query}
              placeholder={t('trade.form.search')}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          {shown.length === 0 ? (
            <p className="empty">{t('trade.form.noMatches')}</p>
          ) : (
            <ul className="card-picker__grid">
              {shown.map((copy) => {
                const unavailable = copy.free < 1;
                const checked = selected.has(copy.inventoryId);
                return (
                  <li key={copy.inventoryId}>
                    <label
                      className={`card-picker__item${checked ? ' card-picker__item--checked' : ''}`}
                      data-rank={copy.rank.code}
                      style={rankColor(copy.rank.color)}
                    >
                      <input
                        type="checkbox"
                        name={`${name}-${copy.inventoryId}`}
                        checked={checked}
                        disabled={unavailable && !checked}
                        onChange={() => onToggle(copy.inventoryId)}
                      />
                      <LoadedImage
                        className="card-picker__image"
                        src={cardImageUrl(copy.cardId)}
                        alt=""
                        width={72}
                        height={108}
                        timeoutMs={IMAGE_TIMEOUT_MS.card}
                      />
                      <span className="card-picker__name">{copy.characterName}</span>
                      <span className="card-picker__meta">
                        <span className="card-picker__rank">{copy.rank.code}</span>
                        {copy.limited && <span className="badge badge--limited">{t('cards.limited')}</span>}
                        {unavailable && (
                          <span className="card-picker__reserved">{t('trade.form.reserved')}</span>
                        )}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}

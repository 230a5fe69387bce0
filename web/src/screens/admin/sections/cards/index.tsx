import { useTranslation } from 'react-i18next';
import { PageNav } from '../../table/parts';
import { AddCardForm } from './AddCardForm';
import { CacheStats } from './CacheStats';
import { CardGrid } from './CardGrid';
import { CardsToolbar, useCardFilters } from './filters';
import { MODES } from './refusal';
import { useAddCard } from './useAddCard';
import { useCardsData } from './useCardsData';

export { CARD_IMAGE_TIMEOUT_MS, CARD_LAZY_MARGIN } from './CardGrid';
export { CARD_PAGE_SIZE, cardMatches } from './filters';

/** Card admin (requirements C2.1). */
export default function CardsSection() {
  const { t } = useTranslation();
  const data = useCardsData();
  const { ranks, seasons, loading } = data;
  const filters = useCardFilters(data.cards);
  const { shown, current, pages } = filters;
  const add = useAddCard(ranks, data.characters, data.write);

  return (
    <div className="admin-catalogue admin-cards">
      <CardsToolbar filters={filters} ranks={ranks} seasons={seasons} reload={data.reload} />
      <CacheStats stats={data.stats} loading={loading} />
      <fieldset className="admin-cards__modes">
        <legend className="visually-hidden">{t('adminCatalogue.cards.modes')}</legend>
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            className={add.mode === m ? 'button button--primary' : 'button button--ghost'}
            aria-pressed={add.mode === m}
            onClick={() => add.toggleMode(m)}
          >
            {t(`adminCatalogue.cards.mode.${m}`)}
          </button>
        ))}
      </fieldset>
      {add.mode ? <AddCardForm {...add} mode={add.mode} {...data} /> : null}

      {loading ? (
        <p className="admin-loading" role="status">
          {t('adminCatalogue.loading')}
        </p>
      ) : null}
      {!loading && shown.length === 0 ? (
        <p className="admin-table__empty">{t('adminCatalogue.empty')}</p>
      ) : null}
      <CardGrid shown={shown} ranks={ranks} seasons={seasons} write={data.write} />
      <PageNav
        label={t('adminTable.pagination')}
        page={current}
        pages={pages}
        onPage={filters.setPage}
        words={{ previous: t('adminTable.previous'), next: t('adminTable.next') }}
      >
        <span className="admin-range" aria-live="polite">
          {t('adminCatalogue.cards.pageCaption', { page: current, pages, found: filters.filtered.length })}
        </span>
      </PageNav>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Franchise, searchFranchises } from '../../../../api/admin-catalogue';
import { AnimeIndexStatus } from './IndexStatus';
import { SOURCES, type Source } from './model';
import { AnimeResults } from './results';
import { FranchiseList, SearchStatus, type TabProps } from './shared';
import { useAnimeSearch } from './useAnimeSearch';
import { useLiveSearch } from './useLiveSearch';

export function AnimeTab({ selected, onSelect, onBanner }: TabProps) {
  const { t } = useTranslation();
  const s = useAnimeSearch({ selected, onBanner });
  const results = s.search.result;
  const empty =
    results &&
    (results.source === 'combined'
      ? results.answer.matches.length + results.answer.shikimori.length + results.answer.anilist.length === 0
      : results.list.length === 0);

  return (
    <div className="admin-search__tab">
      <SourcePicker source={s.source} onChange={s.changeSource} />
      <FranchisePicker selected={selected} onSelect={onSelect} />
      {selected ? (
        <p className="admin-search__selected" role="status">
          {t('adminCatalogue.search.willJoin', { title: selected.title })}
        </p>
      ) : null}
      <label className="admin-check">
        <input type="checkbox" checked={s.autoCreate} onChange={(e) => s.setAutoCreate(e.target.checked)} />
        {t('adminCatalogue.search.autoCreate')}
      </label>
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.search.animeSearch')}</span>
        <input
          type="search"
          value={s.text}
          onChange={(e) => s.setText(e.target.value)}
          placeholder={t('adminCatalogue.search.placeholder', {
            source: t(`adminCatalogue.search.sources.${s.source}`),
          })}
        />
      </label>
      <SearchStatus loading={s.search.loading} error={s.error} />
      {empty ? <p className="admin-table__empty">{t('adminCatalogue.search.nothingFound')}</p> : null}
      <AnimeResults
        ctx={{ existence: s.existence, adding: s.adding, add: s.add, onBanner }}
        results={results}
      />
      <aside className="admin-search__help">
        <h3 className="admin-catalogue__subtitle">{t('adminCatalogue.search.helpTitle')}</h3>
        <ol>
          <li>{t('adminCatalogue.search.help1')}</li>
          <li>{t('adminCatalogue.search.help2')}</li>
          <li>{t('adminCatalogue.search.help3')}</li>
        </ol>
      </aside>
      <AnimeIndexStatus />
    </div>
  );
}

function SourcePicker({ source, onChange }: { source: Source; onChange: (s: Source) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-search__sources">
      <legend>{t('adminCatalogue.search.source')}</legend>
      {SOURCES.map((s) => (
        <label key={s} className="admin-check">
          <input
            type="radio"
            name="admin-search-source"
            checked={source === s}
            onChange={() => onChange(s)}
          />
          {t(`adminCatalogue.search.sources.${s}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The franchise the added anime join: searched by title, or none. */
function FranchisePicker({ selected, onSelect }: Pick<TabProps, 'selected' | 'onSelect'>) {
  const { t } = useTranslation();
  const [pickText, setPickText] = useState('');
  const pick = useLiveSearch(
    pickText,
    (q, signal) => searchFranchises(q, signal).catch(() => [] as Franchise[]),
    () => undefined,
  );
  return (
    <div className="admin-search__picker">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.search.franchisePicker')}</span>
        <input type="search" value={pickText} onChange={(e) => setPickText(e.target.value)} />
      </label>
      <button
        type="button"
        className="button button--ghost"
        disabled={!selected}
        onClick={() => onSelect(null)}
      >
        {t('adminCatalogue.search.resetFranchise')}
      </button>
      {pick.result && pick.result.length > 0 ? (
        <FranchiseList
          franchises={pick.result}
          onPick={(f) => {
            onSelect(f);
            setPickText('');
          }}
          label={(f) => f.title}
        />
      ) : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Franchise } from '../../../../api/admin-catalogue';
import type { Banner } from './model';

/** What each tab gets from the section: the selected franchise and the banner. */
export interface TabProps {
  selected: Franchise | null;
  onSelect: (f: Franchise | null) => void;
  onBanner: (b: Banner | null) => void;
}

/** A search's loading line and its error. */
export function SearchStatus({ loading, error }: { loading: boolean; error: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {loading ? <p className="admin-loading">{t('adminCatalogue.loading')}</p> : null}
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** Found franchises as buttons (pressed: the selected one, when the list shows it). */
export function FranchiseList({
  franchises,
  pressed,
  onPick,
  label,
}: {
  franchises: readonly Franchise[];
  pressed?: (f: Franchise) => boolean;
  onPick: (f: Franchise) => void;
  label: (f: Franchise) => ReactNode;
}) {
  return (
    <ul className="admin-search__list">
      {franchises.map((f) => (
        <li key={f.id}>
          <button type="button" className="admin-link" aria-pressed={pressed?.(f)} onClick={() => onPick(f)}>
            {label(f)}
          </button>
        </li>
      ))}
    </ul>
  );
}

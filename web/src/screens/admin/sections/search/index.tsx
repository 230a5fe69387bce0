import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Franchise } from '../../../../api/admin-catalogue';
import { Tabs } from '../../../../components/Tabs';
import { AnimeTab } from './AnimeTab';
import { FranchisesTab } from './FranchisesTab';
import { BANNER_MS, type Banner } from './model';

type Tab = 'franchises' | 'anime';

/** Search and add (requirements C2.9). */
export default function SearchSection() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('franchises');
  const [selected, setSelected] = useState<Franchise | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const switchTab = (next: Tab) => {
    // Requirements C2.9: switching tabs clears search, results, selected franchise, message and check.
    setTab(next);
    setSelected(null);
    setBanner(null);
  };

  return (
    <div className="admin-catalogue admin-search">
      <p className="visually-hidden">{t('adminCatalogue.search.title')}</p>
      {banner ? (
        <p
          className={`admin-banner admin-banner--${banner.tone}`}
          role={banner.tone === 'success' ? 'status' : 'alert'}
        >
          {banner.text}
        </p>
      ) : null}
      <Tabs
        label={t('adminCatalogue.search.title')}
        tabs={[
          { id: 'franchises', title: t('adminCatalogue.search.tabFranchises') },
          { id: 'anime', title: t('adminCatalogue.search.tabAnime') },
        ]}
        selected={tab}
        onSelect={switchTab}
      >
        {tab === 'franchises' ? (
          <FranchisesTab key="franchises" selected={selected} onSelect={setSelected} onBanner={setBanner} />
        ) : (
          <AnimeTab key="anime" selected={selected} onSelect={setSelected} onBanner={setBanner} />
        )}
      </Tabs>
    </div>
  );
}

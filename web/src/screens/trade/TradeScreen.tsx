import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRADE_TABS, type TradeTab } from '../../api/trades';
import { Tabs } from '../../components/Tabs';
import { TradeForm } from './TradeForm';
import { TradeList } from './TradeList';

/** The trade page (spec 1 §2 "Trade page"): the create-form toggle and four status tabs. */
export function TradeScreen() {
  const { t } = useTranslation();
  const formId = useId();
  const [formOpen, setFormOpen] = useState(false);
  const [tab, setTab] = useState<TradeTab>('pending');
  const [version, setVersion] = useState(0);
  return (
    <section className="trade" aria-labelledby="trade-title">
      <header className="trade__head">
        <h1 id="trade-title">{t('trade.title')}</h1>
        <button
          type="button"
          className="button button--primary"
          aria-expanded={formOpen}
          aria-controls={formId}
          onClick={() => setFormOpen((open) => !open)}
        >
          {formOpen ? t('trade.hideForm') : t('trade.newTrade')}
        </button>
      </header>
      <div id={formId} hidden={!formOpen}>
        {formOpen && (
          <TradeForm
            onCreated={() => {
              setFormOpen(false);
              setTab('pending');
              setVersion((v) => v + 1);
            }}
          />
        )}
      </div>
      <Tabs
        label={t('trade.tabsLabel')}
        tabs={TRADE_TABS.map((id) => ({ id, title: t(`trade.tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
      >
        <TradeList status={tab} version={version} />
      </Tabs>
    </section>
  );
}

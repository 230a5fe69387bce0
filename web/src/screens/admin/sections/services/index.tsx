import type { ServiceMap, ServiceMapProcess } from '@acg/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, loadErrorText } from '../../../../components/LoadError';
import { dateFormat } from '../../../../i18n/formats';
import { useResourceList } from '../../kit/useResource';
import { busSummary, formatCount, formatSeconds } from './figures';
import { ProcessNode } from './ProcessNode';

const ROUTE = 'GET /api/admin/service-map';
/** How often the open section reads the processes again. */
export const REFRESH_SECONDS = 10;
const processesOf = (answer: ServiceMap): readonly ServiceMapProcess[] => answer.processes;

/** The time of a reading to the second: each refresh shows. */
const readTime = (language: string, at: string) =>
  dateFormat(language, { timeStyle: 'medium' }).format(new Date(at));

/** The read time, auto-refresh switch and refresh button. */
function Toolbar({
  readAt,
  auto,
  onAuto,
  onRefresh,
  busy,
}: {
  readAt: string | undefined;
  auto: boolean;
  onAuto: (on: boolean) => void;
  onRefresh: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="admin-toolbar service-map__toolbar">
      <span className="service-map__read-at" role="status">
        {readAt ? t('adminServices.readAt', { time: readTime(i18n.language, readAt) }) : null}
      </span>
      <label className="service-map__auto">
        <input type="checkbox" checked={auto} onChange={(e) => onAuto(e.target.checked)} />{' '}
        {t('adminServices.autoRefresh', { seconds: REFRESH_SECONDS })}
      </label>
      <button type="button" className="button" onClick={onRefresh} disabled={busy}>
        {t('adminServices.refresh')}
      </button>
    </div>
  );
}

/** The bus under the services: the largest lag, the outboxes, the dead letters of all. */
function BusBand({ processes }: { processes: readonly ServiceMapProcess[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const bus = busSummary(processes);
  return (
    <div className="service-map__bus" data-process="bus">
      <strong>{t('adminServices.bus')}</strong>
      <span data-figure="busLag">
        {t('adminServices.busLag')}: {formatSeconds(lang, bus.lag)}
      </span>
      <span data-figure="outbox">
        {t('adminServices.outbox')}: {formatCount(lang, bus.outboxPending)} ·{' '}
        {formatSeconds(lang, bus.outboxAge)}
      </span>
      <span data-figure="deadLetters">
        {t('adminServices.deadLetters')}: {formatCount(lang, bus.deadLetters)}
      </span>
    </div>
  );
}

/** The gateway above the services it forwards to, the bus beneath them. */
function MapView({ processes }: { processes: readonly ServiceMapProcess[] }) {
  const { t } = useTranslation();
  const edge = processes.filter((p) => p.name === 'gateway');
  const services = processes.filter((p) => p.name !== 'gateway');
  const ready = processes.filter((p) => p.health === 'ready').length;
  return (
    <>
      <p className="service-map__summary">{t('adminServices.summary', { ready, total: processes.length })}</p>
      <div className="service-map">
        <ul className="service-map__tier service-map__tier--edge" aria-label={t('adminServices.edge')}>
          {edge.map((p) => (
            <ProcessNode key={p.name} process={p} />
          ))}
        </ul>
        <ul
          className="service-map__tier service-map__tier--services"
          aria-label={t('adminServices.services')}
        >
          {services.map((p) => (
            <ProcessNode key={p.name} process={p} />
          ))}
        </ul>
        <BusBand processes={services} />
      </div>
    </>
  );
}

/**
 * The service map (issue 26 item 4): every process with its health, request rate, latency, bus
 * lag and outbox, as the gateway reads them from the processes' own /metrics (the figures
 * Prometheus and the dashboards use), read again every REFRESH_SECONDS while open. A failed read
 * keeps the last map and says so, with a retry.
 */
export default function ServicesSection() {
  const { t } = useTranslation();
  const ids = useId();
  const [auto, setAuto] = useState(true);
  const map = useResourceList(ROUTE, processesOf, {
    staleTime: 0,
    refetchInterval: auto ? REFRESH_SECONDS * 1000 : false,
  });
  return (
    <section className="admin-services" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminServices.title')}
      </h2>
      <p className="admin-cache__hint">{t('adminServices.intro')}</p>
      <Toolbar
        readAt={map.answer?.readAt}
        auto={auto}
        onAuto={setAuto}
        onRefresh={map.reload}
        busy={map.loading}
      />
      {map.error ? (
        <LoadError
          error={map.error}
          onRetry={map.reload}
          message={t('adminServices.failed', { error: loadErrorText(t, map.error) })}
        />
      ) : null}
      {!map.loaded && !map.error ? <p role="status">{t('adminServices.loading')}</p> : null}
      {map.loaded && map.rows.length === 0 ? <p>{t('adminServices.empty')}</p> : null}
      {map.rows.length > 0 ? <MapView processes={map.rows} /> : null}
    </section>
  );
}

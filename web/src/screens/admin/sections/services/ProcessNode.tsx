import type { ServiceMapProcess } from '@acg/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMs, formatRate, formatRatio, formatSeconds } from './figures';

/** One figure of a process: its label, then its value. */
function Figure({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className="service-node__figure" data-figure={name}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * One process on the map: its name and health (a word beside the colour), how many of its
 * replicas answered ready, then its traffic, latency, bus lag, outbox and dead letters.
 */
export function ProcessNode({ process: p }: { process: ServiceMapProcess }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const lang = i18n.language;
  const outbox =
    p.outboxPending === null
      ? formatCount(lang, null)
      : t('adminServices.outboxValue', {
          pending: formatCount(lang, p.outboxPending),
          age: formatSeconds(lang, p.outboxAgeSeconds),
        });
  return (
    <li className={`service-node service-node--${p.health}`} data-process={p.name} aria-labelledby={id}>
      <div className="service-node__head">
        <h3 id={id} className="service-node__name">
          {p.name}
        </h3>
        <span className="service-node__health" data-health={p.health}>
          {t(`adminServices.health.${p.health}`)}
        </span>
      </div>
      <p className="service-node__replicas">
        {t('adminServices.replicas', { ready: p.readyReplicas, total: p.replicas })}
        {p.windowSeconds === null ? null : (
          <> · {t('adminServices.over', { time: formatSeconds(lang, p.windowSeconds) })}</>
        )}
      </p>
      <dl className="service-node__figures">
        <Figure
          name="requests"
          label={t('adminServices.requests')}
          value={formatRate(lang, p.requestsPerSecond)}
        />
        <Figure name="errors" label={t('adminServices.errors')} value={formatRatio(lang, p.errorRatio)} />
        <Figure name="latency" label={t('adminServices.latency')} value={formatMs(lang, p.latencyP95Ms)} />
        <Figure
          name="busLag"
          label={t('adminServices.busLag')}
          value={formatSeconds(lang, p.busLagSeconds)}
        />
        <Figure name="outbox" label={t('adminServices.outbox')} value={outbox} />
        <Figure
          name="deadLetters"
          label={t('adminServices.deadLetters')}
          value={formatCount(lang, p.deadLetters)}
        />
      </dl>
    </li>
  );
}

import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../../api/http';
import { DateTime } from '../../../../components/DateTime';
import { useNotify } from '../../../../components/Notify';
import { cleanGroups, digitsOnly, freshness, type GroupRow } from './form';

type Check =
  | { state: 'idle' | 'checking' }
  | { state: 'success'; name: string; id: string; guild: string | null }
  | { state: 'failure'; message: string };
interface Run {
  id: number;
  startedAt: string;
  posted: number;
  skipped: number;
  errors: string[];
}

async function readSetting(key: string): Promise<{ value: unknown; isSet?: boolean } | null> {
  try {
    const res = await fetch(`/api/config/${key}`, { credentials: 'same-origin', cache: 'no-cache' });
    return res.ok ? ((await res.json()) as { value: unknown; isSet?: boolean }) : null;
  } catch {
    return null;
  }
}
async function writeSetting(key: string, value: unknown, description: string): Promise<void> {
  const res = await fetch('/api/admin/config', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ key, value, description }),
  });
  if (!res.ok) throw new HttpError(res.status, await res.json().catch(() => undefined));
}
const errorOf = (err: unknown, fallback: string) => {
  const body = err instanceof HttpError ? (err.body as { error?: unknown } | undefined) : undefined;
  const e = body?.error as { message?: unknown } | string | undefined;
  if (typeof e === 'object' && typeof e?.message === 'string') return e.message;
  return typeof e === 'string' && e ? e : fallback;
};

/** Feed relay settings (requirements O2.7): VK token, Discord channel, groups, timing. */
export default function VkSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const ids = useId();
  const [loaded, setLoaded] = useState(false);
  const [token, setToken] = useState('');
  const [tokenSet, setTokenSet] = useState(false);
  const [channel, setChannel] = useState('');
  const [groups, setGroups] = useState<GroupRow[]>([]);
  const [fresh, setFresh] = useState('1800');
  const [schedule, setSchedule] = useState('*/30 * * * *');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [runs, setRuns] = useState<Run[]>([]);

  useEffect(() => {
    void (async () => {
      const [tk, ch, gr, fr, sc] = await Promise.all(
        ['vk.token', 'vk.discordChannelId', 'vk.groups', 'vk.freshnessSeconds', 'vk.schedule'].map(
          readSetting,
        ),
      );
      setTokenSet(tk?.isSet === true);
      if (typeof ch?.value === 'string') setChannel(ch.value);
      if (Array.isArray(gr?.value))
        setGroups(
          (gr.value as GroupRow[]).map((g) => ({ id: String(g.id ?? ''), name: String(g.name ?? '') })),
        );
      if (typeof fr?.value === 'number') setFresh(String(fr.value));
      if (typeof sc?.value === 'string') setSchedule(sc.value);
      setLoaded(true);
    })();
    fetch('/api/admin/vk/runs', { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : []))
      .then(
        (list: Run[]) => setRuns(list),
        () => {},
      );
  }, []);

  const checkChannel = async () => {
    if (!channel) return setCheck({ state: 'failure', message: t('adminVk.badChannel') });
    setCheck({ state: 'checking' });
    try {
      const res = await fetch(`/api/admin/discord/check-channel/${channel}`, { credentials: 'same-origin' });
      const body = (await res.json().catch(() => undefined)) as {
        name: string;
        id: string;
        guild_id: string | null;
      };
      if (!res.ok) throw new HttpError(res.status, body);
      setCheck({ state: 'success', name: body.name, id: body.id, guild: body.guild_id });
    } catch (err) {
      setCheck({ state: 'failure', message: errorOf(err, t('adminVk.checkFailed')) });
    }
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      // Saved one by one (requirements O7). The token is write-only: left empty, the stored one stays.
      if (token.trim()) await writeSetting('vk.token', token.trim(), t('adminVk.descriptions.token'));
      await writeSetting('vk.discordChannelId', channel, t('adminVk.descriptions.channel'));
      await writeSetting('vk.groups', cleanGroups(groups), t('adminVk.descriptions.groups'));
      await writeSetting('vk.freshnessSeconds', freshness(fresh), t('adminVk.descriptions.freshness'));
      await writeSetting('vk.schedule', schedule.trim(), t('adminVk.descriptions.schedule'));
      if (token.trim()) setTokenSet(true);
      setToken('');
      setGroups((g) => cleanGroups(g));
      notify.success(t('adminVk.saved'));
    } catch (err) {
      setError(errorOf(err, 'Save failed'));
    } finally {
      setSaving(false);
    }
  };

  if (!loaded) return <p role="status">{t('adminUsers.loading')}</p>;
  const checkResult =
    check.state === 'checking' ? (
      <p role="status">{t('adminVk.checking')}</p>
    ) : check.state === 'success' ? (
      <p className="admin-ok" role="status">
        {t('adminVk.checkOk', { name: check.name, id: check.id, guild: check.guild ?? '—' })}
      </p>
    ) : check.state === 'failure' ? (
      <p className="admin-error" role="alert">
        {check.message}
      </p>
    ) : null;

  return (
    <section className="admin-vk" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminVk.title')}
      </h2>
      <form className="admin-form" onSubmit={save}>
        <fieldset className="admin-filters">
          <legend>{t('adminVk.access')}</legend>
          <label className="admin-field admin-field--grow">
            <span className="admin-field__label">{t('adminVk.token')}</span>
            <input
              type="password"
              autoComplete="off"
              value={token}
              placeholder={tokenSet ? '••••••••' : ''}
              onChange={(e) => setToken(e.target.value)}
            />
            <span className="admin-field__hint">
              {tokenSet ? t('adminVk.tokenSet') : t('adminVk.tokenUnset')}
            </span>
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminVk.channel')}</span>
            <input
              inputMode="numeric"
              value={channel}
              onChange={(e) => setChannel(digitsOnly(e.target.value))}
            />
          </label>
          <button
            type="button"
            className="button button--ghost"
            disabled={check.state === 'checking'}
            onClick={() => void checkChannel()}
          >
            {t('adminVk.check')}
          </button>
          {checkResult}
        </fieldset>
        <fieldset className="admin-filters">
          <legend>{t('adminVk.groups')}</legend>
          <table className="admin-table admin-table--groups">
            <thead>
              <tr>
                <th scope="col">{t('adminVk.groupId')}</th>
                <th scope="col">{t('adminVk.groupName')}</th>
                <th scope="col">{t('adminUsers.action')}</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional while edited
                <tr key={i}>
                  <td data-label={t('adminVk.groupId')}>
                    <input
                      aria-label={t('adminVk.groupIdOf', { n: i + 1 })}
                      value={g.id}
                      onChange={(e) =>
                        setGroups((gs) => gs.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)))
                      }
                    />
                  </td>
                  <td data-label={t('adminVk.groupName')}>
                    <input
                      aria-label={t('adminVk.groupNameOf', { n: i + 1 })}
                      value={g.name}
                      onChange={(e) =>
                        setGroups((gs) => gs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                      }
                    />
                  </td>
                  <td data-label={t('adminUsers.action')}>
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => setGroups((gs) => gs.filter((_, j) => j !== i))}
                    >
                      {t('adminVk.removeRow')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setGroups((gs) => [...gs, { id: '', name: '' }])}
          >
            {t('adminVk.addRow')}
          </button>
        </fieldset>
        <fieldset className="admin-filters">
          <legend>{t('adminVk.timing')}</legend>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminVk.freshness')}</span>
            <input inputMode="numeric" value={fresh} onChange={(e) => setFresh(e.target.value)} />
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminVk.schedule')}</span>
            <input value={schedule} onChange={(e) => setSchedule(e.target.value)} />
          </label>
        </fieldset>
        {error ? (
          <p className="admin-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="admin-quick">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('adminUsers.saving') : t('adminVk.save')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={check.state === 'checking'}
            onClick={() => void checkChannel()}
          >
            {t('adminVk.check')}
          </button>
        </div>
      </form>
      {runs.length > 0 ? (
        <>
          <h3>{t('adminVk.runs')}</h3>
          <ul className="admin-runs">
            {runs.map((r) => (
              <li key={r.id}>
                <DateTime value={r.startedAt} />:{' '}
                {t('adminVk.runLine', { posted: r.posted, skipped: r.skipped, errors: r.errors.length })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

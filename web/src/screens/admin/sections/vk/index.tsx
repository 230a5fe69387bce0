import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteAnswer, request } from '../../../../api/client';
import { HttpError } from '../../../../api/http';
import { useRoute } from '../../../../api/query';
import { DateTime } from '../../../../components/DateTime';
import { useNotify } from '../../../../components/Notify';
import { useResourceWrites } from '../../kit/useResource';
import { cleanGroups, digitsOnly, freshness, type GroupRow } from './form';

type Check =
  | { state: 'idle' | 'checking' }
  | { state: 'success'; name: string; id: string; guild: string | null }
  | { state: 'failure'; message: string };

const KEYS = ['vk.token', 'vk.discordChannelId', 'vk.groups', 'vk.freshnessSeconds', 'vk.schedule'] as const;
type Key = (typeof KEYS)[number];
type Setting = RouteAnswer<'GET /api/config/:key'>;
/** A save changes the settings read and (a new schedule) the runs. */
const CHANGES = ['GET /api/config/:key', 'GET /api/admin/vk/runs'] as const;

/** The five settings, read through the data layer; one that fails to read is null (its default shows). */
const useSettings = () =>
  useQuery({
    queryKey: ['GET /api/config/:key', 'vk'] as const,
    queryFn: async ({ signal }) =>
      Object.fromEntries(
        await Promise.all(
          KEYS.map(async (key) => [
            key,
            await request('GET /api/config/:key', { params: { key } }, signal).catch(() => null),
          ]),
        ),
      ) as Record<Key, Setting | null>,
  });

const errorOf = (err: unknown, fallback: string) => {
  const body = err instanceof HttpError ? (err.body as { error?: unknown } | undefined) : undefined;
  const e = body?.error as { message?: unknown } | string | undefined;
  if (typeof e === 'object' && typeof e?.message === 'string') return e.message;
  return typeof e === 'string' && e ? e : fallback;
};

/** A setting that failed to save, shown under its own input. */
function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <span className="admin-field__error" role="alert">
      {message}
    </span>
  ) : null;
}

/** Feed relay settings (requirements O2.7): VK token, Discord channel, groups, timing. */
export default function VkSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const ids = useId();
  const settings = useSettings();
  const runs = useRoute('GET /api/admin/vk/runs', undefined).data ?? [];
  const write = useResourceWrites(CHANGES);
  const [token, setToken] = useState('');
  const [channel, setChannel] = useState('');
  const [groups, setGroups] = useState<GroupRow[]>([]);
  const [fresh, setFresh] = useState('1800');
  const [schedule, setSchedule] = useState('*/30 * * * *');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [filled, setFilled] = useState(false);
  const tokenSet = settings.data?.['vk.token']?.isSet === true;

  // The form starts from the stored settings, once they are read.
  useEffect(() => {
    const read = settings.data;
    if (!read || filled) return;
    const value = (key: Key) => read[key]?.value;
    const ch = value('vk.discordChannelId');
    const gr = value('vk.groups');
    const fr = value('vk.freshnessSeconds');
    const sc = value('vk.schedule');
    if (typeof ch === 'string') setChannel(ch);
    if (Array.isArray(gr))
      setGroups((gr as GroupRow[]).map((g) => ({ id: String(g.id ?? ''), name: String(g.name ?? '') })));
    if (typeof fr === 'number') setFresh(String(fr));
    if (typeof sc === 'string') setSchedule(sc);
    setFilled(true);
  }, [settings.data, filled]);

  const checkChannel = async () => {
    if (!channel) return setCheck({ state: 'failure', message: t('adminVk.badChannel') });
    setCheck({ state: 'checking' });
    try {
      const body = await request('GET /api/admin/discord/check-channel/:id', { params: { id: channel } });
      setCheck({ state: 'success', name: body.name, id: body.id, guild: body.guild_id });
    } catch (err) {
      setCheck({ state: 'failure', message: errorOf(err, t('adminVk.checkFailed')) });
    }
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    // Saved one by one (requirements O7). The token is write-only: left empty, the stored one stays.
    const values: [Key, unknown, string][] = [
      ...(token.trim()
        ? [['vk.token', token.trim(), t('adminVk.descriptions.token')] as [Key, unknown, string]]
        : []),
      ['vk.discordChannelId', channel, t('adminVk.descriptions.channel')],
      ['vk.groups', cleanGroups(groups), t('adminVk.descriptions.groups')],
      ['vk.freshnessSeconds', freshness(fresh), t('adminVk.descriptions.freshness')],
      ['vk.schedule', schedule.trim(), t('adminVk.descriptions.schedule')],
    ];
    let current: Key = values[0]![0];
    try {
      await write(async () => {
        for (const [key, value, description] of values) {
          current = key;
          await request('POST /api/admin/config', { body: { key, value, description } });
        }
      });
      setToken('');
      setGroups((g) => cleanGroups(g));
      notify.success(t('adminVk.saved'));
    } catch (err) {
      // Once, under the setting the server refused (a channel check's own result makes way).
      if (current === 'vk.discordChannelId') setCheck({ state: 'idle' });
      setErrors({ [current]: errorOf(err, t('adminVk.saveFailed')) });
    } finally {
      setSaving(false);
    }
  };

  if (!settings.data) return <p role="status">{t('adminUsers.loading')}</p>;
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
            <FieldError message={errors['vk.token']} />
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminVk.channel')}</span>
            <input
              inputMode="numeric"
              value={channel}
              onChange={(e) => setChannel(digitsOnly(e.target.value))}
            />
            <FieldError message={errors['vk.discordChannelId']} />
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
          <FieldError message={errors['vk.groups']} />
        </fieldset>
        <fieldset className="admin-filters">
          <legend>{t('adminVk.timing')}</legend>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminVk.freshness')}</span>
            <input inputMode="numeric" value={fresh} onChange={(e) => setFresh(e.target.value)} />
            <FieldError message={errors['vk.freshnessSeconds']} />
          </label>
          <label className="admin-field">
            <span className="admin-field__label">{t('adminVk.schedule')}</span>
            <input value={schedule} onChange={(e) => setSchedule(e.target.value)} />
            <FieldError message={errors['vk.schedule']} />
          </label>
        </fieldset>
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

import { type SettingKey, settingKeys } from '@acg/contracts/setting-keys';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteAnswer, request } from '../../../../api/client';
import { HttpError } from '../../../../api/http';
import { useNotify } from '../../../../components/Notify';
import { useResourceWrites } from '../../kit/useResource';
import { cleanGroups, freshness, type GroupRow } from './form';

export type Check =
  | { state: 'idle' | 'checking' }
  | { state: 'success'; name: string; id: string; guild: string | null }
  | { state: 'failure'; message: string };

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
          settingKeys.map(async (key) => [
            key,
            await request('GET /api/config/:key', { params: { key } }, signal).catch(() => null),
          ]),
        ),
      ) as Record<SettingKey, Setting | null>,
  });

const errorOf = (err: unknown, fallback: string) => {
  const body = err instanceof HttpError ? (err.body as { error?: unknown } | undefined) : undefined;
  const e = body?.error as { message?: unknown } | string | undefined;
  if (typeof e === 'object' && typeof e?.message === 'string') return e.message;
  return typeof e === 'string' && e ? e : fallback;
};

/** The settings to save, one by one (requirements O7). The token is write-only: left empty, the stored one stays. */
function valuesToSave(
  t: TFunction,
  {
    token,
    channel,
    groups,
    fresh,
    schedule,
  }: { token: string; channel: string; groups: GroupRow[]; fresh: string; schedule: string },
): [SettingKey, unknown, string][] {
  return [
    ...(token.trim()
      ? [['vk.token', token.trim(), t('adminVk.descriptions.token')] as [SettingKey, unknown, string]]
      : []),
    ['vk.discordChannelId', channel, t('adminVk.descriptions.channel')],
    ['vk.groups', cleanGroups(groups), t('adminVk.descriptions.groups')],
    ['vk.freshnessSeconds', freshness(fresh), t('adminVk.descriptions.freshness')],
    ['vk.schedule', schedule.trim(), t('adminVk.descriptions.schedule')],
  ];
}

/** The settings form: its fields filled from the stored settings, the channel check and the save. */
export function useVkForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const settings = useSettings();
  const write = useResourceWrites(CHANGES);
  const [token, setToken] = useState('');
  const [channel, setChannel] = useState('');
  const [groups, setGroups] = useState<GroupRow[]>([]);
  const [fresh, setFresh] = useState('1800');
  const [schedule, setSchedule] = useState('*/30 * * * *');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  const [filled, setFilled] = useState(false);
  const tokenSet = settings.data?.['vk.token']?.isSet === true;

  // The form starts from the stored settings, once they are read.
  useEffect(() => {
    const read = settings.data;
    if (!read || filled) return;
    const value = (key: SettingKey) => read[key]?.value;
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
    const values = valuesToSave(t, { token, channel, groups, fresh, schedule });
    let current: SettingKey = values[0]![0];
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

  return {
    ...{ settings: settings.data, tokenSet, token, setToken, channel, setChannel, groups, setGroups },
    ...{ fresh, setFresh, schedule, setSchedule, check, checkChannel, saving, errors, save },
  };
}

export type VkForm = ReturnType<typeof useVkForm>;

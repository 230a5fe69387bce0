import { useTranslation } from 'react-i18next';
import type { RouteAnswer } from '../../../../api/client';
import { DateTime } from '../../../../components/DateTime';
import { digitsOnly } from './form';
import type { Check, VkForm } from './useVkForm';

/** A setting that failed to save, shown under its own input. */
export function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <span className="admin-field__error" role="alert">
      {message}
    </span>
  ) : null;
}

/** What the channel check found, or that it is checking. */
function CheckResult({ check }: { check: Check }) {
  const { t } = useTranslation();
  return check.state === 'checking' ? (
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
}

/** The VK token (write-only) and the Discord channel with its check. */
export function AccessFields({ f }: { f: VkForm }) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-filters">
      <legend>{t('adminVk.access')}</legend>
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminVk.token')}</span>
        <input
          type="password"
          autoComplete="off"
          value={f.token}
          placeholder={f.tokenSet ? '••••••••' : ''}
          onChange={(e) => f.setToken(e.target.value)}
        />
        <span className="admin-field__hint">
          {f.tokenSet ? t('adminVk.tokenSet') : t('adminVk.tokenUnset')}
        </span>
        <FieldError message={f.errors['vk.token']} />
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminVk.channel')}</span>
        <input
          inputMode="numeric"
          value={f.channel}
          onChange={(e) => f.setChannel(digitsOnly(e.target.value))}
        />
        <FieldError message={f.errors['vk.discordChannelId']} />
      </label>
      <button
        type="button"
        className="button button--ghost"
        disabled={f.check.state === 'checking'}
        onClick={() => void f.checkChannel()}
      >
        {t('adminVk.check')}
      </button>
      <CheckResult check={f.check} />
    </fieldset>
  );
}

/** The VK groups to relay, as rows to edit, add and remove. */
export function GroupsFields({ f }: { f: VkForm }) {
  const { t } = useTranslation();
  return (
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
          {f.groups.map((g, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional while edited
            <tr key={i}>
              <td data-label={t('adminVk.groupId')}>
                <input
                  aria-label={t('adminVk.groupIdOf', { n: i + 1 })}
                  value={g.id}
                  onChange={(e) =>
                    f.setGroups((gs) => gs.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)))
                  }
                />
              </td>
              <td data-label={t('adminVk.groupName')}>
                <input
                  aria-label={t('adminVk.groupNameOf', { n: i + 1 })}
                  value={g.name}
                  onChange={(e) =>
                    f.setGroups((gs) => gs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
                  }
                />
              </td>
              <td data-label={t('adminUsers.action')}>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => f.setGroups((gs) => gs.filter((_, j) => j !== i))}
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
        onClick={() => f.setGroups((gs) => [...gs, { id: '', name: '' }])}
      >
        {t('adminVk.addRow')}
      </button>
      <FieldError message={f.errors['vk.groups']} />
    </fieldset>
  );
}

/** The post freshness and the schedule. */
export function TimingFields({ f }: { f: VkForm }) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-filters">
      <legend>{t('adminVk.timing')}</legend>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminVk.freshness')}</span>
        <input inputMode="numeric" value={f.fresh} onChange={(e) => f.setFresh(e.target.value)} />
        <FieldError message={f.errors['vk.freshnessSeconds']} />
      </label>
      <label className="admin-field">
        <span className="admin-field__label">{t('adminVk.schedule')}</span>
        <input value={f.schedule} onChange={(e) => f.setSchedule(e.target.value)} />
        <FieldError message={f.errors['vk.schedule']} />
      </label>
    </fieldset>
  );
}

/** The relay's recent runs. */
export function RunList({ runs }: { runs: RouteAnswer<'GET /api/admin/vk/runs'> }) {
  const { t } = useTranslation();
  return runs.length > 0 ? (
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
  ) : null;
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from '../../../../api/query';
import { AccessFields, GroupsFields, RunList, TimingFields } from './parts';
import { useVkForm } from './useVkForm';

/** Feed relay settings (requirements O2.7): VK token, Discord channel, groups, timing. */
export default function VkSection() {
  const { t } = useTranslation();
  const ids = useId();
  const f = useVkForm();
  const runs = useRoute('GET /api/admin/vk/runs', undefined).data ?? [];

  if (!f.settings) return <p role="status">{t('adminUsers.loading')}</p>;
  return (
    <section className="admin-vk" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminVk.title')}
      </h2>
      <form className="admin-form" onSubmit={f.save}>
        <AccessFields f={f} />
        <GroupsFields f={f} />
        <TimingFields f={f} />
        <div className="admin-quick">
          <button type="submit" className="button button--primary" disabled={f.saving}>
            {f.saving ? t('adminUsers.saving') : t('adminVk.save')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={f.check.state === 'checking'}
            onClick={() => void f.checkChannel()}
          >
            {t('adminVk.check')}
          </button>
        </div>
      </form>
      <RunList runs={runs} />
    </section>
  );
}

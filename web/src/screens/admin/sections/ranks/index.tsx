import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRank } from '../../../../api/admin-catalogue';
import { createRank, deleteRank, failureText, updateRank } from '../../../../api/admin-rarity';
import { imageSource } from '../../../../api/images';
import { PlainSection } from '../../kit/ResourceSection';
import type { RowEditDecl } from '../../kit/RowEdit';
import { asRows, useResourceList } from '../../kit/useResource';

const EMPTY = { code: '', title: '', titleRu: '', titleJa: '', threshold: '', imageUrl: '' };
/** A rank changes the card lists and the member pages' rank filter too. */
const CHANGES = ['GET /admin/ranks', 'GET /api/ranks'] as const;
/** Requirements C9: thresholds show with 2 decimals, or '-' without one. */
export const showThreshold = (t: number | null) => (t === null ? '-' : t.toFixed(2));

/** The titles per language a form sends: the changed ones (empty removes one); none changed sends none. */
const titlesBody = (v: { titleRu?: string; titleJa?: string }) =>
  v.titleRu === undefined && v.titleJa === undefined
    ? {}
    : {
        titles: {
          ...(v.titleRu === undefined ? {} : { ru: v.titleRu.trim() || null }),
          ...(v.titleJa === undefined ? {} : { ja: v.titleJa.trim() || null }),
        },
      };

/** A rank's fields as the edit inputs show them, and what an edit sends (empty threshold or image is none). */
const editValues = (rank: AdminRank) => ({
  code: rank.code,
  title: rank.title,
  titleRu: rank.titles.ru ?? '',
  titleJa: rank.titles.ja ?? '',
  threshold: rank.threshold === null ? '' : String(rank.threshold),
  imageUrl: rank.imageUrl ?? '',
});
type RankValues = ReturnType<typeof editValues>;
const editBody = (v: Partial<RankValues>) => ({
  ...(v.code === undefined ? {} : { code: v.code.trim() }),
  ...(v.title === undefined ? {} : { title: v.title.trim() }),
  ...titlesBody(v),
  ...(v.threshold === undefined
    ? {}
    : { threshold: v.threshold.trim() === '' ? null : Number.parseFloat(v.threshold) }),
  ...(v.imageUrl === undefined ? {} : { imageUrl: v.imageUrl.trim() || null }),
});

/** Editing a rank in its row: code, title, threshold and image (the server checks them again). */
const rankEdit = (t: TFunction): RowEditDecl<AdminRank, RankValues> => ({
  editRow: (rank) => t('adminRanks.editLabel', { code: rank.code }),
  fields: [
    { name: 'code', column: 'code', label: t('adminRanks.code'), maxLength: 10 },
    { name: 'title', column: 'name', label: t('adminRanks.name'), maxLength: 100 },
    { name: 'titleRu', column: 'nameRu', label: t('adminRanks.nameRu'), maxLength: 100, lang: 'ru' },
    { name: 'titleJa', column: 'nameJa', label: t('adminRanks.nameJa'), maxLength: 100, lang: 'ja' },
    {
      name: 'threshold',
      column: 'threshold',
      label: t('adminRanks.threshold'),
      type: 'number',
      step: 0.01,
      min: 0,
      inputMode: 'decimal',
    },
    { name: 'imageUrl', column: 'image', label: t('adminRanks.image'), type: 'url' },
  ],
  values: editValues,
  write: (rank, changed) => updateRank(rank.id, editBody(changed)),
  failure: (err) => failureText(err) ?? t('adminRanks.updateError'),
});

/** Rank admin (requirements C2.5): the add form and the table, with loading and error states. */
export default function RanksSection() {
  const { t } = useTranslation();
  const ids = useId();
  const list = useResourceList('GET /admin/ranks', asRows<AdminRank>);
  const frame = (children: ReactNode) => (
    <section className="admin-ranks" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminRanks.title')}
      </h2>
      {children}
    </section>
  );
  return (
    <PlainSection
      decl={{
        list,
        changes: CHANGES,
        frame,
        className: 'admin-table admin-table--ranks',
        add: {
          className: 'admin-form admin-form--row',
          empty: EMPTY,
          fields: [
            { name: 'code', label: t('adminRanks.code'), required: true, maxLength: 10 },
            { name: 'title', label: t('adminRanks.name'), required: true, maxLength: 100 },
            { name: 'titleRu', label: t('adminRanks.nameRu'), maxLength: 100, lang: 'ru' },
            { name: 'titleJa', label: t('adminRanks.nameJa'), maxLength: 100, lang: 'ja' },
            {
              name: 'threshold',
              label: t('adminRanks.threshold'),
              type: 'number',
              step: 0.01,
              min: 0,
              inputMode: 'decimal',
            },
            { name: 'imageUrl', label: t('adminRanks.image'), type: 'url' },
          ],
          validate: (v) => (v.code.trim() && v.title.trim() ? null : t('adminRanks.required')),
          create: (v) =>
            createRank({
              code: v.code.trim(),
              title: v.title.trim(),
              ...titlesBody(v),
              imageUrl: v.imageUrl.trim() || null,
              threshold: v.threshold.trim() === '' ? null : Number.parseFloat(v.threshold),
            }),
          failure: (err) => failureText(err) ?? t('adminRanks.saveError'),
          submit: { idle: t('adminRanks.add'), busy: '...' },
          submitWrapper: (button) => <div className="admin-quick">{button}</div>,
        },
        texts: {
          loading: t('adminUsers.loading'),
          empty: t('adminRanks.empty'),
          loadError: (err) => failureText(err) ?? t('adminRanks.loadError'),
        },
        columns: [
          { key: 'id', label: 'ID', render: (rank) => rank.id },
          {
            key: 'code',
            label: t('adminRanks.code'),
            render: (rank) => (
              <span className="rank-chip" style={{ background: rank.color || undefined }}>
                {rank.code}
              </span>
            ),
          },
          { key: 'name', label: t('adminRanks.name'), render: (rank) => rank.title },
          {
            key: 'threshold',
            label: t('adminRanks.threshold'),
            className: 'admin-mono',
            render: (rank) => showThreshold(rank.threshold),
          },
          {
            key: 'image',
            label: t('adminRanks.image'),
            render: (rank) => {
              const image = imageSource(rank.imageUrl);
              return image ? <img src={image} alt="" width={32} height={32} loading="lazy" /> : '-';
            },
          },
          // The other languages' titles after the spec's columns (requirements C9), not between them.
          {
            key: 'nameRu',
            label: t('adminRanks.nameRu'),
            render: (rank) => <span lang="ru">{rank.titles.ru ?? '-'}</span>,
          },
          {
            key: 'nameJa',
            label: t('adminRanks.nameJa'),
            render: (rank) => <span lang="ja">{rank.titles.ja ?? '-'}</span>,
          },
        ],
        edit: rankEdit(t),
        remove: {
          label: t('adminRanks.delete'),
          buttonClass: 'button button--ghost',
          column: t('adminRanks.actions'),
          confirm: (rank) => t('adminRanks.confirmDelete', { code: rank.code, title: rank.title }),
          write: deleteRank,
          failure: (err) => failureText(err) ?? t('adminRanks.deleteError'),
        },
      }}
    />
  );
}

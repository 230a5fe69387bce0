import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCharacter, AdminRank } from '../../../../api/admin-catalogue';
import { useConfirm } from '../../../../components/Confirm';
import { useNotify } from '../../../../components/Notify';
import { type CardForm, validateCardForm } from '../../catalogue/validation';
import type { useResourceWrites } from '../../kit/useResource';
import { addByMode } from './add';
import { checked, emptyForm, type FormFields, type Mode, type Refusal } from './refusal';

export type FieldChange = (
  field: keyof FormFields,
) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;

/** The add form's state: its mode, fields, refusal and the submit that writes the cards. */
export function useAddCard(
  ranks: readonly AdminRank[],
  characters: readonly AdminCharacter[],
  write: ReturnType<typeof useResourceWrites>,
) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const notify = useNotify();
  const [mode, setMode] = useState<Mode | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [formError, setFormError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const toggleMode = (m: Mode) => {
    setMode((cur) => (cur === m ? null : m));
    setFormError(null);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!mode) return;
    const full: CardForm = { ...form, mode };
    const problem = validateCardForm(full);
    setFormError(problem ? checked(t, problem, full) : null);
    if (problem) return;
    const rank_id = Number(form.rankId);
    const season_id = form.seasonId ? Number(form.seasonId) : null;
    setBusy(true);
    try {
      const context = {
        t,
        notify,
        ask,
        ranks,
        characters,
        clearForm: () => setForm(emptyForm),
        closeForm: () => setMode(null),
        refuse: setFormError,
      };
      if (!(await addByMode(context, full, rank_id, season_id))) return;
      // The card list (and what else a card changes) loads again.
      await write(async () => {});
    } finally {
      setBusy(false);
    }
  };
  const set: FieldChange = (field) => (e) =>
    setForm((f) => ({
      ...f,
      [field]:
        e.target instanceof HTMLInputElement && e.target.type === 'checkbox'
          ? e.target.checked
          : e.target.value,
    }));
  return { mode, form, formError, busy, toggleMode, submit, set };
}

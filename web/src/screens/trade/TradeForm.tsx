import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { serverErrorText } from '../../api/http';
import { useRoute } from '../../api/query';
import type { TradeableCopy } from '../../api/trades';
import { useSession } from '../../app/session';
import { useNotify } from '../../components/Notify';
import { CardPicker } from './CardPicker';
import { type Recipient, RecipientPicker } from './RecipientPicker';

type Copies = TradeableCopy[] | null | 'error';

const copiesOf = (q: { data?: TradeableCopy[]; isError: boolean }): Copies =>
  q.data ?? (q.isError ? 'error' : null);

const toggle = (set: ReadonlySet<number>, id: number): ReadonlySet<number> => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** One side's copies to choose from (loading, or the load failed). */
function CopiesPicker({
  copies,
  name,
  legend,
  selected,
  onChange,
}: {
  copies: Copies;
  name: string;
  legend: string;
  selected: ReadonlySet<number>;
  onChange: (s: ReadonlySet<number>) => void;
}) {
  const { t } = useTranslation();
  if (copies === null) return <p className="loading">{t('common.loading')}</p>;
  if (copies === 'error')
    return (
      <p className="error-text" role="alert">
        {t('trade.form.loadError')}
      </p>
    );
  return (
    <CardPicker
      name={name}
      legend={legend}
      copies={copies}
      selected={selected}
      onToggle={(id) => onChange(toggle(selected, id))}
    />
  );
}

/** The optional description and message. */
function NoteFields(p: {
  ids: { description: string; message: string };
  description: string;
  setDescription: (v: string) => void;
  message: string;
  setMessage: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="trade-form__field">
        <label htmlFor={p.ids.description}>{t('trade.form.description')}</label>
        <input
          id={p.ids.description}
          type="text"
          maxLength={500}
          value={p.description}
          onChange={(e) => p.setDescription(e.target.value)}
        />
      </div>
      <div className="trade-form__field">
        <label htmlFor={p.ids.message}>{t('trade.form.message')}</label>
        <textarea
          id={p.ids.message}
          rows={3}
          maxLength={1000}
          value={p.message}
          onChange={(e) => p.setMessage(e.target.value)}
        />
      </div>
    </>
  );
}

/** The trade being composed: recipient, both sides' copies and choices, the notes, and its submit. */
function useTradeDraft(initialRecipient: Recipient | null, onCreated: () => void) {
  const { t } = useTranslation();
  const { user } = useSession();
  const notify = useNotify();
  const me = user?.id ?? 0;
  const [chosen, setChosen] = useState<Recipient | null>(initialRecipient);
  const recipient = chosen ? String(chosen.id) : '';
  const [give, setGive] = useState<ReadonlySet<number>>(new Set());
  const [receive, setReceive] = useState<ReadonlySet<number>>(new Set());
  const [description, setDescription] = useState('');
  const [message, setMessage] = useState('');
  const [empty, setEmpty] = useState(false);
  const [sending, setSending] = useState(false);

  const own = copiesOf(useRoute('GET /api/inventory/tradeable', { query: { user_id: me } }));
  // The requested side follows the chosen recipient.
  const theirs = copiesOf(
    useRoute(
      'GET /api/inventory/tradeable',
      { query: { user_id: Number(recipient) } },
      { enabled: !!recipient },
    ),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new recipient starts an empty request
  useEffect(() => setReceive(new Set()), [recipient]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    if (!recipient || (give.size === 0 && receive.size === 0)) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    setSending(true);
    try {
      await request('POST /trade/api', {
        body: {
          toUserId: Number(recipient),
          fromItems: [...give].map((inventoryId) => ({ inventoryId, quantity: 1 })),
          toItems: [...receive].map((inventoryId) => ({ inventoryId, quantity: 1 })),
          description: description.trim(),
          message: message.trim(),
        },
      });
      setGive(new Set());
      setReceive(new Set());
      setDescription('');
      setMessage('');
      setChosen(null);
      onCreated();
    } catch (err) {
      // Requirements M8: the server's error text, else the creation-failure text (a request that got no
      // answer, or one without a text, has nothing better to say).
      notify.error(serverErrorText(err) ?? t('trade.form.createError'));
    } finally {
      setSending(false);
    }
  };

  return {
    ...{ me, chosen, setChosen, recipient, give, setGive, receive, setReceive, own, theirs },
    ...{ description, setDescription, message, setMessage, empty, sending, submit },
  };
}

/**
 * The create-trade form (requirements M2, M5, M8): a recipient found by name (never the user
 * themself, never a list of every member; issue 22 item 6), the user's
 * own copies to give, then the recipient's copies to ask for (docs/rules.md §35), an optional
 * description and message. Nothing chosen shows the empty-trade message; a refusal is an error
 * message (useNotify) with the server's text, else the spec's creation-failure text (trade.form.createError).
 */
export function TradeForm({
  onCreated,
  initialRecipient = null,
}: {
  onCreated: () => void;
  /** Preselected, e.g. from a collector's page (/trade?to={id}). */
  initialRecipient?: Recipient | null;
}) {
  const { t } = useTranslation();
  const ids = { recipient: useId(), description: useId(), message: useId() };
  const d = useTradeDraft(initialRecipient, onCreated);
  const { me, chosen, setChosen, recipient, give, setGive, receive, setReceive, own, theirs } = d;
  const { description, setDescription, message, setMessage, empty, sending, submit } = d;

  return (
    <form
      className="trade-form panel"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids.recipient}-title`}
    >
      <h2 id={`${ids.recipient}-title`}>{t('trade.form.title')}</h2>
      <RecipientPicker me={me} value={chosen} onChange={setChosen} />
      <div className="trade-form__sides">
        <CopiesPicker
          copies={own}
          name="give"
          legend={t('trade.form.give')}
          selected={give}
          onChange={setGive}
        />
        {recipient ? (
          <CopiesPicker
            copies={theirs}
            name="receive"
            legend={t('trade.form.receive')}
            selected={receive}
            onChange={setReceive}
          />
        ) : (
          <fieldset className="card-picker" data-picker="receive">
            <legend>{t('trade.form.receive')}</legend>
            <p className="empty">{t('trade.form.pickRecipientFirst')}</p>
          </fieldset>
        )}
      </div>
      <NoteFields
        ids={ids}
        description={description}
        setDescription={setDescription}
        message={message}
        setMessage={setMessage}
      />
      {empty && (
        <p className="error-text" role="alert">
          {t('trade.form.empty')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t('trade.form.sending') : t('trade.form.submit')}
      </button>
    </form>
  );
}

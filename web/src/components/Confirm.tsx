import { createContext, type ReactNode, use, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

/** What a confirmation asks: the message names what will happen, the button names the action. */
export interface ConfirmRequest {
  message: string;
  /** The confirming button's text ("Delete"); default "Confirm". */
  action?: string;
  /** The heading; default "Please confirm". */
  title?: string;
  /** The action destroys something: the button is red. */
  danger?: boolean;
}

type Ask = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

interface Pending {
  request: ConfirmRequest;
  resolve: (answer: boolean) => void;
}

/**
 * The app's confirmation dialog (an alertdialog on the Modal: focus kept inside, Escape or the
 * backdrop cancel, focus returns where it was). Mounted once, in AppProviders.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ids = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const ask = useCallback<Ask>(
    (request) =>
      new Promise<boolean>((resolve) => {
        // A second question replaces the first, which counts as declined.
        current.current?.resolve(false);
        current.current = { request, resolve };
        setPending(current.current);
      }),
    [],
  );
  const settle = (answer: boolean) => {
    current.current?.resolve(answer);
    current.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext value={ask}>
      {children}
      {pending ? (
        <Modal
          role="alertdialog"
          labelledBy={`${ids}-title`}
          describedBy={`${ids}-message`}
          closeLabel={t('confirm.cancel')}
          onClose={() => settle(false)}
        >
          <div className="confirm">
            <h2 id={`${ids}-title`} className="confirm__title">
              {pending.request.title ?? t('confirm.title')}
            </h2>
            <p id={`${ids}-message`} className="confirm__message">
              {pending.request.message}
            </p>
            <div className="confirm__actions">
              <button
                type="button"
                className="button button--ghost"
                data-autofocus
                onClick={() => settle(false)}
              >
                {t('confirm.cancel')}
              </button>
              <button
                type="button"
                className={pending.request.danger ? 'button button--danger' : 'button button--primary'}
                onClick={() => settle(true)}
              >
                {pending.request.action ?? t('confirm.ok')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </ConfirmContext>
  );
}

/** Asks for confirmation: `if (!(await ask({ message, action, danger: true }))) return;` */
export function useConfirm(): Ask {
  const ask = use(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs the ConfirmProvider (AppProviders mounts it)');
  return ask;
}

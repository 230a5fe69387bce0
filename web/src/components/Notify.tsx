import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster, toast } from 'sonner';

/**
 * The app's one message area (sonner): success and failure messages of an action, in a polite
 * live region, each with a close button; Alt+T moves the focus to them (each message and its
 * buttons are then in Tab order). Mounted once, in AppProviders.
 */
export function Notifications() {
  const { t } = useTranslation();
  return (
    <Toaster
      theme="dark"
      position="bottom-right"
      closeButton
      richColors
      containerAriaLabel={t('notify.region')}
      toastOptions={{ closeButtonAriaLabel: t('notify.close'), className: 'notify' }}
      mobileOffset={{ bottom: 12, left: 12, right: 12 }}
    />
  );
}

/** A message's optional action button, e.g. "Undo" after a delete. */
export interface NotifyAction {
  label: string;
  run: () => void;
}

export interface Notify {
  /** An action worked ("Saved"): shown for a few seconds. */
  success: (message: ReactNode, action?: NotifyAction) => void;
  /** An action failed, with why: stays longer. */
  error: (message: ReactNode) => void;
}

const SUCCESS_MS = 5000;
const ERROR_MS = 10000;

const notify: Notify = {
  success: (message, action) =>
    void toast.success(message, {
      duration: action ? ERROR_MS : SUCCESS_MS,
      ...(action ? { action: { label: action.label, onClick: action.run } } : {}),
    }),
  error: (message) => void toast.error(message, { duration: ERROR_MS }),
};

/** The message API: `const notify = useNotify(); notify.success(t('…saved'))`. */
export const useNotify = (): Notify => notify;

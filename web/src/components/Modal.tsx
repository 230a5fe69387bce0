import { type ReactNode, useEffect, useRef } from 'react';

interface ModalProps {
  labelledBy: string;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  /** 'alertdialog' for a question that interrupts (the confirm dialog). */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal: role=dialog, focus moves in and is kept inside (Tab wraps), Escape and a
 * click on the backdrop close it, the page behind does not scroll, and focus returns to what
 * had it before.
 */
export function Modal({
  labelledBy,
  onClose,
  closeLabel,
  children,
  role = 'dialog',
  describedBy,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, so a parent re-render does not re-run the focus handling below.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    // In Tab order only (a tab list keeps its inactive tabs at tabindex -1).
    const focusable = () =>
      [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.tabIndex >= 0);
    // A control marked data-autofocus takes the focus first (the confirm dialog's safe answer).
    (panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? focusable()[0])?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusable();
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items.at(-1)!;
      const inside = panel.current?.contains(document.activeElement) ?? false;
      if (!inside) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, []);

  return (
    // A click on the backdrop closes; keyboard users have Escape and the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className="modal__backdrop"
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && close.current()}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal */}
      <div
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        ref={panel}
      >
        <button
          type="button"
          className="modal__close"
          aria-label={closeLabel}
          onClick={() => close.current()}
        >
          ×
        </button>
        {children}
      </div>
    </div>
  );
}

import { type ReactNode, useEffect, useRef } from 'react';

interface ModalProps {
  labelledBy: string;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal: role=dialog, focus moves in and is kept inside (Tab wraps), Escape and a
 * click on the backdrop close it, and focus returns to what had it before.
 */
export function Modal({ labelledBy, onClose, closeLabel, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items.at(-1)!;
      if (e.shiftKey && document.activeElement === first) {
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
      before?.focus?.();
    };
  }, [onClose]);

  return (
    // A click on the backdrop closes; keyboard users have Escape and the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className="modal__backdrop"
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={labelledBy} ref={panel}>
        <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
        {children}
      </div>
    </div>
  );
}

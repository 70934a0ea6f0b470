// The storefront's dialogs: one modal frame (overlay, Escape closes, focus trapped while open and
// given back afterwards) used by the alert dialog (SPEC 2 "Alert dialog for errors"), the
// lightbox holding an additional-fields form and the installment information modal.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** SPEC 9 keys: tab 9, escape 27. */
const TAB = 9;
const ESCAPE = 27;
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift-Tab inside `container`; Escape calls onEscape. Answers the release. */
export function trapFocus(container: HTMLElement, onEscape: () => void): () => void {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.keyCode === ESCAPE) {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' && event.keyCode !== TAB) return;
    const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) {
      event.preventDefault();
      container.focus();
      return;
    }
    const first = items[0] as HTMLElement;
    const last = items.at(-1) as HTMLElement;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !container.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !container.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey, true);
  return () => {
    document.removeEventListener('keydown', onKey, true);
    if (before?.isConnected) before.focus();
  };
}

export interface ModalProps {
  /** The accessible name (the dialog's heading). */
  title: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  onClose: () => void;
  /** Close when the overlay outside the dialog is clicked. */
  closeOnOutsideClick?: boolean;
  /** Whether to show the heading (an alert does; a lightbox may have its own). */
  showTitle?: boolean;
  describedBy?: string;
  children: ReactNode;
}

export function Modal({
  title,
  role = 'dialog',
  className = '',
  onClose,
  closeOnOutsideClick = false,
  showTitle = true,
  describedBy,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const release = trapFocus(dialog, () => close.current());
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    document.body.classList.add('sc-modal-open');
    return () => {
      document.body.classList.remove('sc-modal-open');
      release();
    };
  }, []);
  return createPortal(
    <div
      className="sc-overlay"
      onMouseDown={(event) => {
        if (closeOnOutsideClick && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`sc-modal ${className}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className={showTitle ? 'sc-modal-title' : 'visually-hidden'}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** SPEC 2 alert dialog: a title, the message and OK. */
export function AlertDialog({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  const messageId = useId();
  return (
    <Modal title={title} role="alertdialog" className="sc-alert" onClose={onClose} describedBy={messageId}>
      <p id={messageId} className="sc-alert-message">
        {message}
      </p>
      <div className="sc-modal-actions">
        <button type="button" className="sc-button" data-autofocus onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}

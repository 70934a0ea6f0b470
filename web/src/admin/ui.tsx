// Small building blocks every admin screen uses: the page frame, loading and failure notes, an
// action's outcome, labelled fields, tabs and the SPEC 4 confirm modal.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { OwnerUiMessages } from '@sc/contracts';
import type { Action, Resource } from './data.js';
import { Link, useLocation } from './router.js';

export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Site admin`;
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

export function Loading() {
  return (
    <p className="loading" aria-busy="true">
      Loading…
    </p>
  );
}

/** A failure note (role=alert so assistive technology reads it at once). */
export function Problem({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="problem">
      {message}
    </p>
  ) : null;
}

/** What an action ended with: its failure, or its success notice. */
export function Outcome({ action }: { action: Action }) {
  if (action.error) return <Problem message={action.error} />;
  return action.notice ? (
    <p role="status" className="notice">
      {action.notice}
    </p>
  ) : null;
}

/**
 * Renders a resource: loading, its failure ('Unable to load results' under the server's text when
 * there is one), or `children(data)`.
 */
export function Loaded<T>({
  resource,
  children,
  failure,
}: {
  resource: Pick<Resource<T>, 'data' | 'error' | 'reload'>;
  children: (data: T) => ReactNode;
  failure?: string;
}) {
  if (resource.data !== undefined) return <>{children(resource.data)}</>;
  if (resource.error !== undefined) {
    return (
      <div role="alert" className="problem">
        <p>{failure ?? OwnerUiMessages.unableToLoadResults}</p>
        {resource.error !== OwnerUiMessages.somethingWentWrong ? <p className="detail">{resource.error}</p> : null}
        <button type="button" onClick={resource.reload}>
          Try again
        </button>
      </div>
    );
  }
  return <Loading />;
}

export function Field({ label, children, hint, error }: { label: string; children: ReactNode; hint?: string; error?: string | undefined }) {
  return (
    <label className={error ? 'field has-error' : 'field'}>
      <span className="field-label">{label}</span>
      {children}
      {hint ? <span className="hint">{hint}</span> : null}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}

export function Check({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

/** Links to the sub-screens of an area; the current one is marked. */
export function Tabs({ tabs }: { tabs: readonly { to: string; label: string }[] }) {
  const { path } = useLocation();
  return (
    <nav className="tabs" aria-label="Sections">
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} aria-current={path === tab.to ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** SPEC 4: the modal closes by itself on a choice unless this is false. */
  autoClose?: boolean;
  /** SPEC 4: when false, cancel (button, Escape) is ignored. */
  cancellable?: boolean;
}

interface OpenConfirm extends ConfirmOptions {
  resolve: (answer: boolean) => void;
}

/**
 * SPEC 4 confirm modal: `confirm(options)` opens it and resolves true on confirm, false on cancel.
 * It closes by itself unless autoClose is false (then `close()` does); cancel is ignored when it
 * is not cancellable. Focus stays inside while it is open; Escape cancels.
 */
export function useConfirm(): { modal: ReactNode; confirm: (options: ConfirmOptions) => Promise<boolean>; close: () => void } {
  const [open, setOpen] = useState<OpenConfirm | null>(null);
  const confirm = useCallback((options: ConfirmOptions) => new Promise<boolean>((resolve) => setOpen({ ...options, resolve })), []);
  const close = useCallback(() => setOpen(null), []);
  const answer = useCallback(
    (value: boolean) => {
      if (!open) return;
      if (!value && open.cancellable === false) return;
      open.resolve(value);
      if (open.autoClose !== false) setOpen(null);
    },
    [open],
  );
  const modal = open ? <ConfirmDialog options={open} onAnswer={answer} /> : null;
  return { modal, confirm, close };
}

function ConfirmDialog({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (value: boolean) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => before?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(false);
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    // Focus trap: Tab from the last control goes to the first, Shift+Tab from the first to the last.
    const focusable = Array.from(box.current.querySelectorAll<HTMLElement>('button, [href], input, select, textarea')).filter(
      (el) => !el.hasAttribute('disabled'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal-backdrop">
      <div ref={box} className="modal" role="dialog" aria-modal="true" aria-labelledby="confirm-title" onKeyDown={onKeyDown}>
        <h2 id="confirm-title">{options.title}</h2>
        <div className="modal-body">{options.message}</div>
        <div className="modal-actions">
          {options.cancellable === false ? null : (
            <button type="button" onClick={() => onAnswer(false)}>
              {options.cancelLabel ?? 'Cancel'}
            </button>
          )}
          <button type="button" className="primary" data-autofocus onClick={() => onAnswer(true)}>
            {options.confirmLabel ?? 'Confirm'}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A date-time as the owner reads it. */
export function when(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

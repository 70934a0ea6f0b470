// A surface that groups related content, with an optional title and actions.
import type { ReactNode } from 'react';
import { cn } from './cn.js';

export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('rounded-ds-lg border border-border bg-surface p-4 shadow-ds', className)} aria-label={title}>
      {title || actions ? (
        <header className="mb-3 flex items-center justify-between gap-3">
          {title ? <h2 className="m-0 text-base font-semibold">{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

// What a list shows when it has nothing yet: what would be here, and the way to add the first.
import type { ReactNode } from 'react';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-ds-lg border border-dashed border-border-strong bg-surface px-6 py-10 text-center">
      <p className="m-0 text-base font-semibold">{title}</p>
      {children ? <div className="m-0 max-w-md text-sm text-fg-muted">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

// Placeholders in the shape of what is loading (rows of a list), instead of a bare "Loading…".
import { cn } from './cn.js';

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-ds-sm bg-surface-muted', className)} />;
}

/** A list's rows while it loads; announced once as loading. */
export function SkeletonRows({ rows = 5 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading…" role="status">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-ds border border-border bg-surface p-3">
          <Skeleton className="size-10" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

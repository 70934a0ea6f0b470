// The toasts on screen (Radix's toast: announced to assistive technology, Escape or swipe closes
// one, F8 moves focus to them). A success is a status, a failure an alert.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { toast, type ToastNote } from './toast.js';
import { cn } from './cn.js';

export default function Toaster({ notes }: { notes: readonly ToastNote[] }) {
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000} label="Notifications">
      {notes.map((note) => (
        <ToastPrimitive.Root
          key={note.id}
          type={note.kind === 'error' ? 'foreground' : 'background'}
          duration={note.kind === 'error' ? 8000 : 5000}
          onOpenChange={(open) => {
            if (!open) toast.dismiss(note.id);
          }}
          className={cn(
            'flex items-start gap-3 rounded-ds border bg-surface p-3 text-sm text-fg shadow-ds-lg',
            note.kind === 'error' ? 'border-danger' : 'border-border',
          )}
        >
          <span aria-hidden="true" className={cn('mt-0.5 font-bold', note.kind === 'error' ? 'text-danger' : 'text-success')}>
            {note.kind === 'error' ? '!' : '✓'}
          </span>
          {/* A list item stays one (the viewport is a list); its content is the status or alert.
              Radix announces the text itself (a live region of its own): this is not a second one. */}
          <div className="min-w-0 flex-1" role={note.kind === 'error' ? 'alert' : 'status'} aria-live="off">
            <ToastPrimitive.Title className="font-semibold">{note.title}</ToastPrimitive.Title>
            {note.description ? (
              <ToastPrimitive.Description className="mt-0.5 text-fg-muted">{note.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close aria-label="Dismiss" className="ds-toast-close">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-4 bottom-4 z-50 m-0 flex w-[min(24rem,calc(100vw-2rem))] list-none flex-col gap-2 p-0 outline-none" />
    </ToastPrimitive.Provider>
  );
}

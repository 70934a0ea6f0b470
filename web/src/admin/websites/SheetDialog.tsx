// The websites screens' dialog: centred, scrolling inside when tall (a design preview), titled.
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

export function SheetDialog({
  open,
  onOpenChange,
  title,
  children,
  wide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-30 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed top-1/2 left-1/2 z-31 grid max-h-[92vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-3 overflow-y-auto rounded-ds-lg bg-surface p-5 shadow-ds-lg ${wide ? 'max-w-4xl' : 'max-w-lg'}`}
        >
          <Dialog.Title className="m-0 text-lg font-semibold">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

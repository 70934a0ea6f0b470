// The navigation on a phone: a Menu button in the top bar opens a sheet (a Radix dialog: focus
// kept inside, Escape and the backdrop close it) with the areas, who is signed in and Sign out.
// Wider screens show the side navigation instead (admin.css hides one or the other). Its own chunk
// (with Radix's dialog), loaded when the Menu button is first pressed.
import * as Dialog from '@radix-ui/react-dialog';
import type { Area } from './areas.js';
import { Link } from './router.js';

export function MenuSheet({
  areas,
  isCurrent,
  who,
  onSignOut,
  open,
  onOpenChange: setOpen,
}: {
  areas: readonly Area[];
  isCurrent: (area: Area) => boolean;
  who: string;
  onSignOut: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-backdrop" />
        <Dialog.Content className="sheet" aria-describedby={undefined}>
          <div className="sheet-header">
            <Dialog.Title className="sheet-title">Menu</Dialog.Title>
            <Dialog.Close className="sheet-close" aria-label="Close menu">
              ✕
            </Dialog.Close>
          </div>
          <nav aria-label="Areas">
            <ul className="sheet-links">
              {areas.map((area) => (
                <li key={area.to}>
                  <Link to={area.to} aria-current={isCurrent(area) ? 'page' : undefined} onClick={() => setOpen(false)}>
                    {area.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="sheet-footer">
            <p className="who">{who}</p>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              Sign out
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// Find anything (Ctrl+K, ⌘K on a Mac): a dialog that filters the admin's screens and the site's
// pages, blogs, galleries and stores by name as the owner types; Enter (or a click) goes there.
// The screens are the areas the owner's roles show plus the screens inside them; the rest comes
// from the collections list, fetched when the palette first opens. Its own chunk (with Radix's
// dialog): the layout's button and Ctrl+K load it on first use.
import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { CollectionType, type Collection } from '@sc/contracts';
import type { Area } from './areas.js';
import { useApi } from './data.js';
import { navigate } from './router.js';
import { useSession } from './session.js';
import { apiPath } from '../api/client.js';

interface Entry {
  label: string;
  hint: string;
  to: string;
}

/** Screens inside the areas, reached from the area's tabs. */
const INNER_SCREENS: ReadonlyArray<{ area: string; label: string; to: string }> = [
  { area: '/store', label: 'Orders', to: '/store/orders' },
  { area: '/store', label: 'Inventory', to: '/store/inventory' },
  { area: '/store', label: 'Customers', to: '/store/customers' },
  { area: '/store', label: 'Subscriptions', to: '/store/subscriptions' },
  { area: '/store', label: 'Gift cards', to: '/store/gift-cards' },
  { area: '/store', label: 'Coupons', to: '/store/coupons' },
  { area: '/store', label: 'Shipping & tax', to: '/store/shipping-tax' },
  { area: '/settings', label: 'Colours', to: '/settings/colours' },
  { area: '/settings', label: 'Header & footer', to: '/settings/header-footer' },
  { area: '/settings', label: 'Navigation', to: '/settings/navigation' },
  { area: '/settings', label: 'Languages', to: '/settings/languages' },
  { area: '/settings', label: 'Commerce preferences', to: '/settings/commerce' },
  { area: '/settings', label: 'Export', to: '/settings/export' },
];

const matches = (entry: Entry, query: string): boolean => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${entry.label} ${entry.hint}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

export function CommandPalette({
  areas,
  open,
  onOpenChange,
}: {
  areas: readonly Area[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const setOpen = onOpenChange;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-backdrop" />
        <Dialog.Content className="palette" aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Find anything</Dialog.Title>
          {open ? <PaletteBody areas={areas} onGo={() => setOpen(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PaletteBody({ areas, onGo }: { areas: readonly Area[]; onGo: () => void }) {
  const { websiteId } = useSession();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const collections = useApi<{ items: Collection[] }>(
    `${apiPath('/content-service/1.0/websites/{websiteId}/collections', { websiteId })}?limit=200`,
  );
  const entries = useMemo<Entry[]>(() => {
    const shown = new Set(areas.map((a) => a.to));
    return [
      ...areas.map((a) => ({ label: a.label, hint: 'Screen', to: a.to })),
      ...INNER_SCREENS.filter((s) => shown.has(s.area)).map((s) => ({ label: s.label, hint: 'Screen', to: s.to })),
      ...(collections.data?.items ?? []).map((c) => ({
        label: c.title,
        hint: c.type === CollectionType.PRODUCTS ? 'Store' : c.type === CollectionType.PAGE ? 'Page' : 'Collection',
        to: c.type === CollectionType.PRODUCTS ? `/store/${c.id}` : `/content/${c.id}`,
      })),
    ];
  }, [areas, collections.data]);
  const found = entries.filter((e) => matches(e, query)).slice(0, 12);
  const go = (entry: Entry | undefined) => {
    if (!entry) return;
    onGo();
    navigate(entry.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const by = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (found.length === 0 ? 0 : (i + by + found.length) % found.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(found[active]);
    }
  };
  return (
    <>
      <input
        className="palette-input"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-results"
        aria-activedescendant={found[active] ? `palette-${active}` : undefined}
        aria-label="Find a screen, page or store"
        placeholder="Find a screen, page or store…"
        value={query}
        autoFocus
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id="palette-results" role="listbox" aria-label="Results" className="palette-results">
        {found.map((entry, i) => (
          <li
            key={`${entry.to}-${entry.label}`}
            id={`palette-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(entry)}
          >
            <span>{entry.label}</span>
            <span className="palette-hint">{entry.hint}</span>
          </li>
        ))}
        {found.length === 0 ? <li className="palette-empty">Nothing is called that.</li> : null}
      </ul>
    </>
  );
}

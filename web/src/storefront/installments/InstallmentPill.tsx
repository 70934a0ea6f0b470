// The installment pill (SPEC 2: physical products, when the store offers installments): the
// in-range or out-of-range text and the provider's name, and a button that opens the
// information modal (loaded on first use). The amount follows the variant the product form chose
// (the product's lowest price until then).
import { lazy, Suspense, useEffect, useState } from 'react';
import { isCurrencyCode } from '@sc/contracts';
import { chosenPrice, VARIANT_CHANGE, type VariantChange } from '../lib/events.js';
import { brandOf, installmentLocale, pillTexts } from './installments.js';

const InstallmentModal = lazy(() => import('./InstallmentModal.js'));

export interface InstallmentPillProps {
  /** The product whose variant choice the amount follows (none in the cart). */
  itemId?: string;
  amountCents: number;
  count: number;
  minCents: number;
  maxCents: number;
  currency: string;
  country: string;
}

export function InstallmentPill({ itemId, amountCents: lowest, count, minCents, maxCents, currency, country }: InstallmentPillProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(() => (itemId ? chosenPrice(itemId) : null));
  useEffect(() => {
    if (!itemId) return;
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<VariantChange>).detail;
      if (detail.itemId === itemId) setChosen(detail.priceCents ?? null);
    };
    window.addEventListener(VARIANT_CHANGE, onChange);
    // A choice made between the first render and now (the product form's first effect may run
    // first: each island is a root of its own, and Preact runs effects after paint) is caught up.
    setChosen(chosenPrice(itemId));
    return () => window.removeEventListener(VARIANT_CHANGE, onChange);
  }, [itemId]);
  const amountCents = chosen ?? lowest;
  const locale = installmentLocale(country, navigator.language || 'en');
  const brand = locale ? brandOf(locale) : undefined;
  if (!locale || !brand || !isCurrencyCode(currency)) return null;
  const texts = pillTexts(amountCents, count, minCents, maxCents, currency);
  return (
    <div className={`sc-installment-pill ${texts.inRange ? 'in-range' : 'out-of-range'}`} data-brand={brand} data-locale={locale}>
      {texts.inRange ? (
        <span className="installment-text">
          {texts.text} <strong className="installment-brand">{brand}</strong>
        </span>
      ) : (
        <span className="installment-text">
          <strong className="installment-brand">{brand}</strong> {texts.text}
        </span>
      )}{' '}
      <button
        type="button"
        className="installment-info"
        aria-haspopup="dialog"
        aria-label={`Learn more about ${brand}`}
        onClick={() => setOpen(true)}
      >
        Learn more
      </button>
      {open && (
        <Suspense fallback={null}>
          <InstallmentModal brand={brand} locale={locale} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

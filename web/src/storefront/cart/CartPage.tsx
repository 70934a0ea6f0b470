// The cart page island (SPEC 2 full-page cart root) and the screens that hang off it by ?view=:
// the cart, checkout (and the subscription checkout, with its cart token), the gift card page,
// the order confirmation and the order status page.
import { useEffect } from 'react';
import type { CartPageData } from '@sc/contracts';
import type { CartView as View } from '../lib/paths.js';
import { CartView } from './CartView.js';
import { Checkout } from './Checkout.js';
import { GiftCardPage } from './GiftCardPage.js';
import { OrderView } from './OrderView.js';

const HEADINGS: Record<View, string> = {
  cart: 'Cart',
  checkout: 'Checkout',
  'gift-card': 'Gift Card',
  order: 'Order confirmed',
  status: 'Order status',
};

export function viewOf(search: URLSearchParams): View {
  const view = search.get('view');
  return view === 'checkout' || view === 'gift-card' || view === 'order' || view === 'status' ? view : 'cart';
}

export function CartPage({ data, search, heading }: { data: CartPageData; search: URLSearchParams; heading: HTMLElement | null }) {
  const view = viewOf(search);
  useEffect(() => {
    if (heading) heading.textContent = HEADINGS[view];
    if (view !== 'cart') document.title = document.title.replace(/^Cart/, HEADINGS[view]);
  }, [heading, view]);
  switch (view) {
    case 'checkout':
      return <Checkout data={data} cartToken={search.get('cartToken')} />;
    case 'gift-card':
      return <GiftCardPage itemId={search.get('item') ?? ''} from={search.get('from') ?? ''} sku={search.get('sku')} />;
    case 'order':
    case 'status':
      return <OrderView orderId={search.get('order') ?? ''} receiptToken={search.get('receiptToken')} confirmation={view === 'order'} />;
    case 'cart':
      return <CartView data={data} />;
  }
}

import type { CartPageData } from '@sc/contracts';
import { islandData } from '../lib/dom.js';
import { renderIsland } from '../lib/render.js';
import { CartPage } from './CartPage.js';

export function mount(element: HTMLElement): void {
  const data = islandData<CartPageData>('cart-page');
  if (!data) return;
  const heading = element.closest('.cart-page')?.querySelector<HTMLElement>('h1') ?? null;
  renderIsland(element, <CartPage data={data} search={new URLSearchParams(location.search)} heading={heading} />);
}

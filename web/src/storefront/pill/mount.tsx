import type { CartPillData } from '@sc/contracts';
import { islandData } from '../lib/dom.js';
import { renderIsland } from '../lib/render.js';
import { CartPill } from './CartPill.js';

export function mount(element: HTMLElement): void {
  const data = islandData<CartPillData>('cart-pill');
  if (!data) return;
  renderIsland(element, <CartPill data={data} />);
  element.hidden = false;
}

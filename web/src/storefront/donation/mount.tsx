import { siteContext } from '../lib/dom.js';
import { renderIsland } from '../lib/render.js';
import { Donation } from './Donation.js';

/** A donation block: its title and description from the server-rendered block. */
export function mount(element: HTMLElement): void {
  const title = element.querySelector('h2')?.textContent ?? 'Donate';
  const description = element.querySelector('p:not(.noscript-note)')?.textContent ?? '';
  renderIsland(element, <Donation title={title} description={description} currency={siteContext()?.currency ?? 'USD'} />);
}

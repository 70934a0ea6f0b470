import type { DonationData } from '@sc/contracts';
import { islandData, siteContext } from '../lib/dom.js';
import { renderIsland } from '../lib/render.js';
import { Donation } from './Donation.js';

/** A donation block: its title and description from the server-rendered block (the island data's when it has none). */
export function mount(element: HTMLElement): void {
  const data = islandData<DonationData>('donation');
  const title = element.querySelector('h2')?.textContent ?? data?.title ?? 'Donate';
  const description = element.querySelector('p:not(.noscript-note)')?.textContent ?? data?.description ?? '';
  renderIsland(element, <Donation title={title} description={description} currency={data?.currency ?? siteContext()?.currency ?? 'USD'} />);
}

import type { NewsletterData } from '@sc/contracts';
import { islandData } from '../lib/dom.js';
import { renderIsland } from '../lib/render.js';
import { Newsletter } from './Newsletter.js';

/** Each newsletter block: its form from the mount (the block's data.formId), else the island data's. */
export function mount(element: HTMLElement): void {
  const data = islandData<NewsletterData>('newsletter');
  const title = element.querySelector('h2')?.textContent ?? data?.title ?? 'Newsletter';
  const description = element.querySelector('p:not(.noscript-note)')?.textContent ?? data?.description ?? '';
  const formId = element.dataset.formId || data?.formId || null;
  renderIsland(element, <Newsletter data={{ title, description, captchaSiteKey: data?.captchaSiteKey ?? null }} formId={formId} />);
}

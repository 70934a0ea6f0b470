import { renderIsland } from '../lib/render.js';
import { FormBlock } from './FormBlock.js';

/** A form block: the form named by the mount's data-form-id. */
export function mount(element: HTMLElement): void {
  const formId = element.dataset.formId;
  if (!formId) return;
  renderIsland(element, <FormBlock formId={formId} />);
}

import type { ProductFormData } from '@sc/contracts';
import { islandData } from '../lib/dom.js';
import { renderIsland } from '../lib/render.js';
import { ProductForm } from './ProductForm.js';

/** The product form: radio buttons where the template's mount asks for them, else dropdowns. */
export function mount(element: HTMLElement): void {
  const data = islandData<ProductFormData>('product-form');
  if (!data) return;
  renderIsland(
    element,
    <ProductForm data={data} mount={element} display={element.dataset.variantDisplay === 'radio' ? 'radio' : 'dropdown'} />,
  );
}

// The restock form's code loads when it is needed: at once for a sold-out product with one
// variant, else when the product form picks a sold-out variant.
import type { RestockFormData } from '@sc/contracts';
import { islandData } from '../lib/dom.js';
import { chosenVariant, VARIANT_CHANGE, type VariantChange } from '../lib/events.js';

export function mount(element: HTMLElement): void {
  const data = islandData<RestockFormData>('restock-form');
  if (!data) return;
  const soldOut = (id: string | null) =>
    data.variants.some((v) => v.soldOut && (v.id === id || (id === null && data.variants.length === 1)));
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    window.removeEventListener(VARIANT_CHANGE, onChange);
    void Promise.all([import('./RestockForm.js'), import('../lib/render.js')]).then(([{ RestockForm }, { renderIsland }]) =>
      renderIsland(element, <RestockForm data={data} />),
    );
  };
  const onChange = (event: Event) => {
    const detail = (event as CustomEvent<VariantChange>).detail;
    if (detail.itemId === data.productId && soldOut(detail.variantId)) load();
  };
  if (soldOut(chosenVariant(data.productId))) load();
  else window.addEventListener(VARIANT_CHANGE, onChange);
}

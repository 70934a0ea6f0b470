// Product reviews load lazily (SPEC 2): nothing but an observer until the section comes near the
// viewport, and nothing at all when the merchandising settings or the kill switch say no.
import type { ProductReviewsData } from '@sc/contracts';
import { islandData, siteContext } from '../lib/dom.js';

/** Whether reviews show at all (render checks this too; the island does not rely on it). */
export const reviewsEnabled = (data: ProductReviewsData, killSwitch: boolean): boolean => (data.native || data.imported) && !killSwitch;

export function mount(element: HTMLElement): void {
  const data = islandData<ProductReviewsData>('product-reviews');
  if (!data || !reviewsEnabled(data, siteContext()?.betaFlags.productReviewsKillSwitch ?? false)) return;
  const load = () => {
    void Promise.all([import('./ReviewsList.js'), import('../lib/render.js')]).then(([{ default: ReviewsList }, { renderIsland }]) =>
      renderIsland(element, <ReviewsList data={data} />),
    );
  };
  if (!('IntersectionObserver' in window)) return load();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: '400px' },
  );
  observer.observe(element);
}

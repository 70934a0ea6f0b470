import type { InstallmentPillData } from '@sc/contracts';
import { islandData } from '../lib/dom.js';
import { renderIsland } from '../lib/render.js';
import { InstallmentPill } from './InstallmentPill.js';

export function mount(element: HTMLElement): void {
  const data = islandData<InstallmentPillData>('installment-pill');
  if (!data?.minMoney || !data.maxMoney) return;
  renderIsland(
    element,
    <InstallmentPill
      itemId={data.itemId}
      amountCents={Number(data.priceMoney.value)}
      count={data.installmentCount}
      minCents={Number(data.minMoney.value)}
      maxCents={Number(data.maxMoney.value)}
      currency={data.priceMoney.currency}
      country={data.country}
    />,
  );
}

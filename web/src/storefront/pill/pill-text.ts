// SPEC 2 floating cart pill wording: the count ('100+' above 100), 'item' or 'items', and the
// spoken label ('More than 100 items in cart', 'One item in cart', '{n} items in cart'). Pure.
import { CartPillMessages, formatMessage } from '@sc/contracts';

/** SPEC 9: counts above this show as '100+'. */
export const COUNT_DISPLAY_MAX = 100;

export interface PillText {
  count: string;
  noun: string;
  label: string;
}

export function pillText(quantity: number): PillText {
  const over = quantity > COUNT_DISPLAY_MAX;
  return {
    count: over ? CartPillMessages.countOverflow : String(quantity),
    noun: quantity === 1 ? CartPillMessages.itemSingular : CartPillMessages.itemPlural,
    label: over
      ? CartPillMessages.moreThanHundredItems
      : quantity === 1
        ? CartPillMessages.oneItem
        : formatMessage(CartPillMessages.manyItems, { n: quantity }),
  };
}

/** SPEC 2: the pill shows when the cart has loaded and is not empty. */
export const pillVisible = (loaded: boolean, quantity: number): boolean => loaded && quantity > 0;

// Gift cards as use cases: a card's balance for the storefront, the owner's list, and issuing one
// (its code mailed to the recipient once, in the transaction that makes it).
import { CommerceMessages, formatMessage, formatMinorUnits } from '@sc/contracts';
import type { ServiceContext } from '@sc/platform';
import type { CartDB } from '../tables.js';
import { cartFailure } from '../shared/errors.js';
import { newGiftCardCode, newOrderId } from '../orders/index.js';
import type { OrderService } from '../orders/orders.service.js';
import { enqueueShopMail, giftCardMail } from '../orders/index.js';
import { findGiftCard, findGiftCards, insertGiftCard, type GiftCardRow } from '../orders/index.js';
import { rulesOf } from '../rules/rules.repository.js';

export const MAX_GIFT_CARD_CENTS = 100_000_000;

export interface IssueGiftCard {
  amountCents: number;
  recipientEmail?: string | null | undefined;
  note?: string | null | undefined;
}

export class GiftCardService {
  readonly #ctx: ServiceContext<CartDB>;
  readonly #orders: OrderService;

  constructor(ctx: ServiceContext<CartDB>, orders: OrderService) {
    this.#ctx = ctx;
    this.#orders = orders;
  }

  /** A card by its code (any case), or the SPEC failure. */
  async byCode(websiteId: string, code: string): Promise<GiftCardRow> {
    const card = await findGiftCard(this.#ctx.db, websiteId, code.toUpperCase());
    if (!card) throw cartFailure(404, CommerceMessages.giftCardUnknown);
    return card;
  }

  list(websiteId: string, filter: { code?: string | undefined; beforeSeq?: number | undefined }, limit: number): Promise<GiftCardRow[]> {
    return findGiftCards(this.#ctx.db, websiteId, filter, limit);
  }

  async issue(websiteId: string, body: IssueGiftCard): Promise<GiftCardRow> {
    const rules = await rulesOf(this.#ctx.db, websiteId);
    if (body.amountCents > MAX_GIFT_CARD_CENTS) {
      throw cartFailure(
        400,
        formatMessage(CommerceMessages.giftCardAmount, {
          min: formatMinorUnits(1, rules.currency),
          max: formatMinorUnits(MAX_GIFT_CARD_CENTS, rules.currency),
        }),
      );
    }
    const card = await this.#ctx.transaction(async (trx) => {
      const issued = await insertGiftCard(trx, {
        id: newOrderId(),
        website_id: websiteId,
        code: newGiftCardCode(),
        currency: rules.currency,
        initial_cents: body.amountCents,
        balance_cents: body.amountCents,
        order_id: null,
        recipient_email: body.recipientEmail ?? null,
        note: body.note ?? null,
      });
      // The recipient gets the code by mail, once (the mail's key is the card's).
      if (issued.recipient_email) {
        await enqueueShopMail(
          trx,
          websiteId,
          issued.recipient_email,
          'gift-card.delivered',
          `gift-card:${issued.id}`,
          (site) => giftCardMail(site, issued.code, issued.initial_cents, issued.currency, issued.note),
          this.#ctx.config.PUBLIC_URL,
        );
      }
      return issued;
    });
    if (card.recipient_email) this.#orders.mailQueued();
    return card;
  }
}

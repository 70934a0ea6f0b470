// HTTP bodies of the commerce calls beyond the guest cart of cart.ts (SPEC 7 /api/commerce and
// /api/3/commerce; SPEC 3 Shopping cart, Cart entry, Responses, Order): adding and changing
// entries, stock, coupons, shipping, checkout, orders, gift cards, subscriptions, donations and
// the owner's store rules. Money is integer minor units; request bodies are strict.
import { z } from 'zod';
import { CartEntry, ShoppingCart } from './cart.js';
import { Money } from './currencies.js';
import { ProductTypeSchema } from './enums.js';
import { SubscriptionPlan } from './content-product.js';
import { couponPercentageAllowed, MAX_QUANTITY, MIN_QUANTITY, RuleMessages } from './rules.js';

/** Our wording where SPEC 5/8 gives none (the SPEC strings live in messages.ts). */
export const CommerceMessages = {
  quantityOutOfRange: RuleMessages.quantityOutOfRange,
  productUnavailable: 'Sorry, this item is not available.',
  subscriptionOnly: 'This item is sold as a subscription. Please use Subscribe.',
  notSubscribable: 'Only physical products and services can be bought as a subscription.',
  notASubscription: 'This item is not sold as a subscription.',
  entryNotFound: 'This item is no longer in your cart.',
  couponUnknown: 'This coupon code is not valid.',
  couponExpired: 'This coupon has expired.',
  couponMinimum: 'Your order subtotal must be {subtotal} or more to use this coupon.',
  couponAlreadyApplied: 'This coupon is already applied.',
  couponUsedUp: 'This coupon has reached its usage limit.',
  couponNotCombinable: 'This coupon cannot be combined with the code already applied. Remove that code first.',
  giftCardForGiftCard: 'Gift cards cannot be bought with a gift card.',
  shippingOptionUnknown: 'This shipping option is not available.',
  shippingOptionNotForLocation: 'This shipping option does not ship to your location.',
  shippingAddressRequired: 'Please enter a shipping address.',
  shippingOptionRequired: 'Please choose a shipping option.',
  paymentRequired: 'Please enter your card details.',
  paymentDeclined: 'Your card was declined. Please use another card.',
  paymentFailed: 'The payment could not be processed. Please try again.',
  notATestCard: 'In test mode, please use one of the test card numbers.',
  idempotencyKeyRequired: 'An Idempotency-Key header is required.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed. Please retry in a moment.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  giftCardUnknown: 'This gift card code is not valid.',
  giftCardEmpty: 'This gift card has no balance left.',
  giftCardCurrency: 'This gift card is in another currency.',
  cartPurchased: 'This cart has already been checked out.',
  orderNotFound: 'No order with this id.',
  donationAmount: 'Please enter a donation amount of at least {amount}.',
  donationTooLarge: 'Please enter a donation amount of at most {amount}.',
  variantNotFound: 'No variant with this id on this product.',
  refundNotAllowed: 'Only a paid order can be refunded.',
  refundTooLarge: 'A refund cannot be more than the {amount} left to refund on this order.',
  refundNothing: 'Enter an amount to refund or items to restock.',
  restockTooMany: 'You cannot restock more of an item than the order has left to restock.',
  restockUnknownItem: 'This order has no such item.',
  refundFailed: 'The refund could not be processed. Please try again.',
  orderStatusChange: 'An order that is {from} cannot be marked {to}.',
  couponNotFound: 'No coupon with this code.',
  couponExists: 'A coupon with this code exists already.',
  shippingOptionNotFound: 'No shipping option with this id.',
  shippingOptionExists: 'A shipping option with this id exists already.',
  taxRuleNotFound: 'No tax rule with this id.',
  taxRuleExists: 'A tax rule with this id exists already.',
  subscriptionNotFound: 'No subscription with this id.',
  subscriptionStatusChange: 'A subscription that is {from} cannot be made {to}.',
  giftCardAmount: 'Please enter a gift card amount between {min} and {max}.',
  cardDataRefused: 'Card details are entered in the secure payment form; this shop never receives them.',
  paymentInProgress: 'A payment for this cart is already under way. Please wait a moment, then check your email for the receipt.',
  paymentPending: 'Your payment is being confirmed. This page updates by itself.',
  paymentNeedsAction: 'Your bank asks you to confirm this payment. Please follow its steps, or use another card.',
  webhookSignature: 'The webhook signature is not valid.',
  webhookNotConfigured: 'This shop does not take payments through Stripe.',
  signInForAccount: 'Please sign in to see your orders and addresses.',
} as const;

// ---------------------------------------------------------------------------------------------
// The cart, with the SPEC 3 fields typed

export const ShippingLocation = z
  .object({
    country: z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as US.'),
    region: z.string().trim().max(64).optional(),
    postalCode: z.string().trim().max(16).optional(),
  })
  .strict();
export type ShippingLocation = z.infer<typeof ShippingLocation>;

/** A weight band of a weight-based option: up to this many grams (inclusive) costs this much. */
export const WeightRate = z.object({ upToGrams: z.number().int().min(1).max(10_000_000), rateCents: z.number().int().min(0) }).strict();
export type WeightRate = z.infer<typeof WeightRate>;

export const ShippingOption = z.object({
  id: z.string(),
  name: z.string(),
  /** The flat rate; with weight rates, the rate above the heaviest band. */
  rateCents: z.number().int(),
  /** Free from this subtotal on (after discounts); null: never free. */
  freeOverCents: z.number().int().nullable(),
  /** Two-letter countries it ships to; empty: everywhere. */
  countries: z.array(z.string()),
  /** Only these regions (states, provinces) of those countries; absent or empty: all of them. */
  regions: z.array(z.string()).optional(),
  /** Weight-based: the first band the cart's weight fits in gives the rate (bands sorted by weight). */
  weightRates: z.array(WeightRate).optional(),
  /** Local pickup: the buyer collects the order, nothing is shipped. */
  pickup: z.boolean().optional(),
  /** In a cart only: what this option costs for this cart (weight, free-over and coupons applied). */
  costCents: z.number().int().optional(),
});
export type ShippingOption = z.infer<typeof ShippingOption>;

export const TaxRule = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  /** Only this region of the country; null: the whole country. */
  region: z.string().nullable(),
  /** Rate in basis points: 825 = 8.25 %. */
  rateBps: z.number().int(),
  appliesToShipping: z.boolean(),
});
export type TaxRule = z.infer<typeof TaxRule>;

export const CouponKind = z.enum(['percentage', 'fixed-amount', 'free-shipping']);
export type CouponKind = z.infer<typeof CouponKind>;

export const AppliedCoupon = z.object({ code: z.string(), kind: CouponKind, discountCents: z.number().int() });
export const InvalidCoupon = z.object({ code: z.string(), reason: z.string() });

export const CommerceCartEntry = CartEntry.extend({
  variantId: z.string(),
  productType: ProductTypeSchema,
  /** The additional-fields form answers as the JSON string the storefront sent, or null. */
  additionalFields: z.string().nullable(),
  /** The product's additional-fields form (SPEC 3 additionalFieldsFormId): what the cart page edits them with. */
  additionalFieldsFormId: z.string().nullable(),
});
export type CommerceCartEntry = z.infer<typeof CommerceCartEntry>;

export const CommerceShoppingCart = ShoppingCart.extend({
  entries: z.array(CommerceCartEntry),
  shippingOptions: z.array(ShippingOption),
  selectedShippingOption: ShippingOption.nullable(),
  shippingLocation: ShippingLocation.nullable(),
  applicableTaxRules: z.array(TaxRule),
  coupons: z.array(z.string()),
  validCoupons: z.array(AppliedCoupon),
  invalidCoupons: z.array(InvalidCoupon),
  /** The store's minimum order subtotal (0: none); checkout refuses a smaller subtotal with the SPEC message. */
  minimumOrderSubtotalCents: z.number().int(),
  /** The store's prices include tax: taxCents is the tax they contain ("incl. $X tax"), not added to the grand total. */
  pricesIncludeTax: z.boolean(),
});
export type CommerceShoppingCart = z.infer<typeof CommerceShoppingCart>;

// ---------------------------------------------------------------------------------------------
// Visitor calls

/**
 * SPEC 7 POST /api/commerce/shopping-cart/entries. Quantity arrives as the storefront's input
 * (number or text) so that the SPEC 5 messages can be given; `attributes` are the options the
 * visitor picked when no sku was resolved (the server names the unselected ones).
 */
export const AddEntryBody = z
  .object({
    itemId: z.string().min(1).max(64),
    sku: z.string().max(64).optional(),
    variantId: z.string().max(64).optional(),
    attributes: z.record(z.string().max(50), z.string().max(100)).optional(),
    quantity: z.union([z.number(), z.string().max(32)]).optional(),
    additionalFields: z.string().max(20_000).nullable().optional(),
  })
  .strict();
export type AddEntryBody = z.infer<typeof AddEntryBody>;

export const AddEntryResponse = z.object({ shoppingCart: CommerceShoppingCart, newlyAdded: CommerceCartEntry });
export type AddEntryResponse = z.infer<typeof AddEntryResponse>;

/** SPEC 7 PUT .../entries/{entryId}/additionalFields. */
export const UpdateFieldsBody = z
  .object({ itemId: z.string().min(1).max(64), sku: z.string().max(64).optional(), additionalFields: z.string().max(20_000) })
  .strict();
export type UpdateFieldsBody = z.infer<typeof UpdateFieldsBody>;

export const UpdateFieldsResponse = z.object({ shoppingCart: CommerceShoppingCart, updatedEntry: CommerceCartEntry });

export const EntryParams = z.object({ entryId: z.string().min(1).max(64) }).strict();

/** The cart page changes an entry's quantity (SPEC 8 'Unable to update quantity'). */
export const UpdateQuantityBody = z.object({ quantity: z.union([z.number(), z.string().max(32)]) }).strict();

export const ApplyCouponBody = z.object({ code: z.string().trim().min(1).max(64) }).strict();
export const CouponParams = z.object({ code: z.string().min(1).max(64) }).strict();
export const ChooseShippingBody = z.object({ optionId: z.string().min(1).max(64) }).strict();

/** SPEC 7 GET commerce/inventory/stock/?itemId= */
export const StockQuery = z.object({ itemId: z.string().min(1).max(64) }).strict();
export const StockResult = z.object({
  results: z.array(
    z.object({ itemId: z.string(), variantId: z.string(), sku: z.string(), unlimited: z.boolean(), qtyInStock: z.number().int() }),
  ),
});
export type StockResult = z.infer<typeof StockResult>;

/** SPEC 7 POST /api/3/commerce/cart/subscription. */
export const SubscriptionCartBody = z
  .object({
    itemId: z.string().min(1).max(64),
    sku: z.string().max(64).optional(),
    qty: z.union([z.number(), z.string().max(32)]).optional(),
    additionalFields: z.string().max(20_000).nullable().optional(),
  })
  .strict();
export const SubscriptionCartResponse = z.object({ cartToken: z.string() });

export const Address = z
  .object({
    name: z.string().trim().min(1).max(200),
    line1: z.string().trim().min(1).max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    region: z.string().trim().max(64).optional(),
    postalCode: z.string().trim().max(16).optional(),
    country: z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as US.'),
  })
  .strict();
export type Address = z.infer<typeof Address>;

export const CardDetails = z
  .object({
    number: z.string().regex(/^[0-9 ]{12,23}$/, 'Please enter a card number.'),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'Please enter the security code.'),
  })
  .strict();
export type CardDetails = z.infer<typeof CardDetails>;

/** Checkout of the visitor's cart (or of a subscription cart named by its token); needs an Idempotency-Key header. */
export const CheckoutBody = z
  .object({
    email: z.email().max(254),
    shippingAddress: Address.optional(),
    card: CardDetails.optional(),
    giftCardCode: z.string().trim().min(1).max(64).optional(),
    /** The token POST /api/3/commerce/cart/subscription answered; absent: the cart of the cookie. */
    cartToken: z.string().min(1).max(128).optional(),
  })
  .strict();
export type CheckoutBody = z.infer<typeof CheckoutBody>;

export const DonationBody = z
  .object({
    /** The amount the visitor chose, as a decimal in the store currency ('25', '12.50'). */
    amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Please enter an amount such as 25 or 12.50.'),
    email: z.email().max(254),
    name: z.string().trim().max(200).optional(),
    /** Test mode only: with Stripe the card is entered in the Payment Element. */
    card: CardDetails.optional(),
  })
  .strict();
export type DonationBody = z.infer<typeof DonationBody>;

export const OrderStatus = z.enum(['pending', 'paid', 'fulfilled', 'cancelled', 'payment-failed', 'partially-refunded', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const OrderKind = z.enum(['order', 'subscription', 'donation']);
export type OrderKind = z.infer<typeof OrderKind>;

/** SPEC 3 Order item (sku, productName, quantity, unitPrice) plus what an order page shows. */
export const OrderItem = z.object({
  itemId: z.string(),
  variantId: z.string(),
  sku: z.string(),
  productName: z.string(),
  productType: z.number().int(),
  quantity: z.number().int(),
  unitPrice: Money,
  additionalFields: z.string().nullable(),
  /** The variant's option values when it was bought (option name to value); absent on older orders and single-variant products. */
  options: z.record(z.string(), z.string()).optional(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const SubscriptionRecord = z.object({
  id: z.string(),
  itemId: z.string(),
  sku: z.string(),
  plan: SubscriptionPlan,
  /** Billing cycles charged so far (the first at checkout). */
  cyclesBilled: z.number().int(),
  nextBillingDate: z.string().nullable(),
  /** past-due: a renewal's payment failed; the store owner resumes or cancels it. */
  status: z.enum(['active', 'completed', 'cancelled', 'past-due']),
  price: Money,
});
export type SubscriptionRecord = z.infer<typeof SubscriptionRecord>;

/** A line given back to stock by a refund. */
export const RestockLine = z
  .object({
    itemId: z.string().min(1).max(64),
    variantId: z.string().min(1).max(64),
    quantity: z.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY),
  })
  .strict();
export type RestockLine = z.infer<typeof RestockLine>;

/** A refund of an order (test mode: no money moves). */
export const OrderRefund = z.object({
  id: z.string(),
  amount: Money,
  /** What went back to the card and to the gift card the order was paid with. */
  toCard: Money,
  toGiftCard: Money,
  restocked: z.array(z.object({ itemId: z.string(), variantId: z.string(), sku: z.string(), quantity: z.number().int() })),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const Order = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  kind: OrderKind,
  websiteId: z.string(),
  purchasedCartId: z.string().nullable(),
  status: OrderStatus,
  testMode: z.boolean(),
  email: z.string(),
  shippingAddress: Address.nullable(),
  /** The address laid out by its country's conventions, one line each (absent on older servers). */
  shippingAddressLines: z.array(z.string()).optional(),
  items: z.array(OrderItem),
  subtotal: Money,
  discountTotal: Money,
  shippingTotal: Money,
  /** The shipping option chosen (null: nothing shipped; absent on orders before issue 36). */
  shippingMethod: z.object({ name: z.string(), pickup: z.boolean() }).nullable().optional(),
  /** The carrier and tracking number given when it shipped (absent on older servers). */
  tracking: z.object({ carrier: z.string().nullable(), number: z.string().nullable() }).nullable().optional(),
  taxTotal: Money,
  /** The tax was part of the prices (shown as "incl. $X tax", not added); absent on older servers. */
  taxIncluded: z.boolean().optional(),
  giftCardTotal: Money,
  grandTotal: Money,
  /** What the card was charged: grand total minus the gift card. */
  amountCharged: Money,
  giftCardsIssued: z.array(z.object({ code: z.string(), balance: Money })),
  subscription: SubscriptionRecord.nullable(),
  createdAt: z.string(),
  /** 128 random bits (base64url) that let whoever holds them read this order; null for orders made before receipts had one. */
  receiptToken: z.string().nullable().optional(),
  /** Everything refunded so far, and each refund. */
  refundedTotal: Money,
  refunds: z.array(OrderRefund),
});
export type Order = z.infer<typeof Order>;

export const OrderResponse = z.object({ order: Order });

/** One order in a signed-in buyer's account: enough to list it, and the key to open its page. */
export const AccountOrder = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: OrderStatus,
  createdAt: z.string(),
  grandTotal: Money,
  /** "Linen Apron (Size: M) × 1", one per line. */
  lines: z.array(z.string()),
  tracking: z.object({ carrier: z.string().nullable(), number: z.string().nullable() }).nullable(),
  /** Opens the order's page (the receipt), as the receipt email's link does. */
  receiptToken: z.string(),
});
export type AccountOrder = z.infer<typeof AccountOrder>;

/** GET /api/commerce/account: the signed-in site user's orders and the addresses they shipped to. */
export const AccountResponse = z.object({
  orders: z.array(AccountOrder),
  /** The different addresses of their orders, most recently used first (at most 5). */
  addresses: z.array(Address),
});
export type AccountResponse = z.infer<typeof AccountResponse>;
/**
 * Reading one order (GET /api/commerce/orders/:orderId): its buyer (cart cookie or signed-in site
 * user) and the site's owner need nothing more; anyone else needs the order's receipt token, as the
 * confirmation page and the receipt email's link carry it.
 */
export const OrderReadQuery = z.object({ receiptToken: z.string().min(1).max(128).optional() }).strict();
export type OrderReadQuery = z.infer<typeof OrderReadQuery>;

/** The browser's step of a Stripe payment: confirm the intent with the Payment Element. */
export const PaymentStep = z.object({
  provider: z.literal('stripe'),
  publishableKey: z.string(),
  clientSecret: z.string(),
  intentId: z.string(),
});
export type PaymentStep = z.infer<typeof PaymentStep>;

/**
 * A checkout's answer: the order (paid in test mode; pending until Stripe's webhook otherwise),
 * the buyer's receipt token (the order page's key) and, with Stripe, the payment step.
 */
export const CheckoutResponse = z.object({ order: Order, receiptToken: z.string(), payment: PaymentStep.nullable() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** How this shop takes payments: the checkout shows the Payment Element or the test-mode form. */
export const PaymentsConfig = z.object({
  provider: z.enum(['test', 'stripe']),
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** What the webhook answers Stripe. */
export const WebhookReceived = z.object({ received: z.literal(true), duplicate: z.boolean() });
export const OrderParams = z.object({ orderId: z.string().min(1).max(64) }).strict();

export const GiftCardParams = z.object({ code: z.string().min(1).max(64) }).strict();
export const GiftCardBalance = z.object({ code: z.string(), balance: Money, initial: Money });

// ---------------------------------------------------------------------------------------------
// Owner calls (store:read / store:manage)

export const InventoryQuery = z.object({ itemId: z.string().min(1).max(64).optional() }).strict();
export const InventoryRow = z.object({
  itemId: z.string(),
  variantId: z.string(),
  sku: z.string(),
  title: z.string(),
  productType: z.number().int(),
  qtyInStock: z.number().int(),
  unlimited: z.boolean(),
});
export const InventoryList = z.object({ inventory: z.array(InventoryRow) });

export const InventoryParams = z.object({ itemId: z.string().min(1).max(64), variantId: z.string().min(1).max(64) }).strict();
/** Set the stock (qtyInStock), or move it by a signed amount (adjustBy), and/or switch unlimited. */
export const UpdateStockBody = z
  .object({
    qtyInStock: z.number().int().min(0).max(1_000_000).optional(),
    adjustBy: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    unlimited: z.boolean().optional(),
  })
  .strict()
  .refine((b) => !(b.qtyInStock !== undefined && b.adjustBy !== undefined), 'Send qtyInStock or adjustBy, not both.');

/** A coupon code's characters, and what is said of others (the server's and the admin form's). */
export const COUPON_CODE = /^[A-Za-z0-9_-]+$/;
export const COUPON_CODE_MESSAGE = 'Use letters, digits, - and _ only.';

export const CouponInput = z
  .object({
    code: z.string().trim().min(1).max(64).regex(COUPON_CODE, COUPON_CODE_MESSAGE),
    kind: CouponKind,
    /** Percentage: basis points (1000 = 10 %; COUPON_PERCENTAGE_BPS); fixed amount: minor units; free shipping: 0. */
    value: z.number().int().min(0).max(100_000_000),
    minimumSubtotalCents: z.number().int().min(0).max(100_000_000).default(0),
    expiresAt: z.iso.datetime().nullable().default(null),
    /** May be used with other combinable codes on one order (else a cart holds this code alone). */
    combinable: z.boolean().default(false),
    /** Orders that may use the code; null: no limit. */
    usageLimit: z.number().int().min(1).max(100_000_000).nullable().default(null),
  })
  .strict()
  .refine((c) => c.kind !== 'percentage' || couponPercentageAllowed(c.value), RuleMessages.couponPercentage);
export const Coupon = z.object({
  code: z.string(),
  kind: CouponKind,
  value: z.number().int(),
  minimumSubtotalCents: z.number().int(),
  expiresAt: z.string().nullable(),
  combinable: z.boolean(),
  usageLimit: z.number().int().nullable(),
  /** Orders that used the code (paid or being paid). */
  timesUsed: z.number().int(),
});
export type Coupon = z.infer<typeof Coupon>;
export const CouponList = z.object({ coupons: z.array(Coupon) });

export const StoreRules = z.object({
  minimumOrderSubtotalCents: z.number().int().min(0).max(100_000_000),
  taxRules: z.array(TaxRule).max(200),
  shippingOptions: z.array(ShippingOption).max(50),
  minimumDonationCents: z.number().int().min(1).max(100_000_000),
  /** Product prices include tax (the tax shown is what they contain); false: tax is added at checkout. */
  pricesIncludeTax: z.boolean(),
});
export type StoreRules = z.infer<typeof StoreRules>;

/** A tax rule as the owner writes it. */
export const TaxRuleInput = z
  .object({
    id: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(100),
    country: z.string().regex(/^[A-Z]{2}$/),
    region: z.string().trim().min(1).max(64).nullable().default(null),
    rateBps: z.number().int().min(0).max(10_000),
    appliesToShipping: z.boolean().default(false),
  })
  .strict();
export type TaxRuleInput = z.infer<typeof TaxRuleInput>;

/** A shipping option as the owner writes it. */
export const ShippingOptionInput = z
  .object({
    id: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(100),
    rateCents: z.number().int().min(0).max(100_000_000),
    freeOverCents: z.number().int().min(0).max(100_000_000).nullable().default(null),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .max(250)
      .default([]),
    /** Regions (state or province codes, as buyers type them) of those countries; absent: all. */
    regions: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
    /** Weight bands, each with a distinct upToGrams; rateCents applies above the heaviest. */
    weightRates: z
      .array(WeightRate)
      .max(20)
      .refine((rates) => new Set(rates.map((r) => r.upToGrams)).size === rates.length, 'Each weight band needs its own weight.')
      .optional(),
    pickup: z.boolean().optional(),
  })
  .strict();
export type ShippingOptionInput = z.infer<typeof ShippingOptionInput>;

/** PUT the store's rules; any subset, lists replace the stored ones. */
export const UpdateStoreRulesBody = z
  .object({
    minimumOrderSubtotalCents: z.number().int().min(0).max(100_000_000),
    taxRules: z.array(TaxRuleInput).max(200),
    shippingOptions: z.array(ShippingOptionInput).max(50),
    minimumDonationCents: z.number().int().min(1).max(100_000_000),
    pricesIncludeTax: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateStoreRulesBody = z.infer<typeof UpdateStoreRulesBody>;

export const OrderList = z.object({
  orders: z.array(Order),
  /** More orders match after these: ask again with this cursor. */
  hasNextPage: z.boolean().optional(),
  nextPageCursor: z.string().nullable().optional(),
});
/** The owner's order list: newest first, filtered by status, kind, creation time and buyer email. */
/** The columns the owner's order list sorts by (`date` is the order number's order: orders are numbered as they are made). */
export const ORDER_SORTS = ['number', 'date', 'total', 'email', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const OrderListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
    status: OrderStatus.optional(),
    kind: OrderKind.optional(),
    /** Created at or after / before (ISO 8601). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Part of the buyer's email or of a line's product name or SKU, any case; or the order's number ("1042" or "#1042"). */
    q: z.string().trim().min(1).max(254).optional(),
    /** What the list is sorted by (issue 35's data table); none: newest first. */
    sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}` }).optional(),
    /** The sort's direction (default: desc for number, date and total; asc for email and status). */
    dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional(),
  })
  .strict();
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export const UpdateOrderStatusBody = z
  .object({
    status: z.enum(['fulfilled', 'cancelled']),
    /** For the buyer's shipping confirmation when the order is marked fulfilled. */
    carrier: z.string().trim().min(1).max(60).optional(),
    trackingNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9 -]+$/, 'Use letters, digits, spaces and dashes.')
      .optional(),
  })
  .strict();

/** A test-mode refund: an amount (default: all that is left) and what goes back to stock (true: every item). */
export const RefundBody = z
  .object({
    amountCents: z.number().int().min(0).max(100_000_000).optional(),
    restock: z.union([z.boolean(), z.array(RestockLine).min(1).max(100)]).default(false),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type RefundBody = z.infer<typeof RefundBody>;
export const RefundResponse = z.object({ order: Order, refund: OrderRefund });

export const CouponUpdateBody = z
  .object({
    kind: CouponKind,
    value: z.number().int().min(0).max(100_000_000),
    minimumSubtotalCents: z.number().int().min(0).max(100_000_000).default(0),
    expiresAt: z.iso.datetime().nullable().default(null),
    /** May be used with other combinable codes on one order (else a cart holds this code alone). */
    combinable: z.boolean().default(false),
    /** Orders that may use the code; null: no limit. */
    usageLimit: z.number().int().min(1).max(100_000_000).nullable().default(null),
  })
  .strict()
  .refine((c) => c.kind !== 'percentage' || couponPercentageAllowed(c.value), RuleMessages.couponPercentage);
export const CouponResponse = z.object({ coupon: Coupon });

export const ShippingOptionUpdateBody = ShippingOptionInput.omit({ id: true });
export const TaxRuleUpdateBody = TaxRuleInput.omit({ id: true });
export const ShippingOptionParams = z.object({ optionId: z.string().min(1).max(64) }).strict();
export const ShippingOptionList = z.object({ shippingOptions: z.array(ShippingOption) });
export const ShippingOptionResponse = z.object({ shippingOption: ShippingOption });
export const TaxRuleParams = z.object({ ruleId: z.string().min(1).max(64) }).strict();
export const TaxRuleList = z.object({ taxRules: z.array(TaxRule) });
export const TaxRuleResponse = z.object({ taxRule: TaxRule });
export const Deleted = z.object({ deleted: z.boolean() });

/** A customer of the store as the owner's Customers screen lists them: from the customers read model. */
export const StoreCustomer = z.object({
  email: z.string(),
  name: z.string().nullable(),
  account: z.boolean(),
  newsletter: z.enum(['confirmed', 'unsubscribed']).nullable(),
  subscription: z.enum(['active', 'ended']).nullable(),
  orders: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), spentCents: z.number().int() })),
  firstOrderAt: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
});
export type StoreCustomer = z.infer<typeof StoreCustomer>;
/** The page after the customers shown (issue 35's data table); null on the last page. */
export const StoreCustomerList = z.object({
  customers: z.array(StoreCustomer),
  hasNextPage: z.boolean().optional(),
  nextPageCursor: z.string().nullable().optional(),
});

/** The columns the owner's customer list sorts by. */
export const CUSTOMER_SORTS = ['email', 'orders'] as const;
/** GET /api/commerce/store/customers: search (email or name), sort (default email A to Z) and page. */
export const CustomerListQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
    sort: z.enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` }).optional(),
    dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional(),
  })
  .strict();
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** A gift card as the owner sees it. */
export const GiftCardView = z.object({
  id: z.string(),
  code: z.string(),
  initial: Money,
  balance: Money,
  /** The order that bought it; null when the owner issued it. */
  orderId: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCardView = z.infer<typeof GiftCardView>;
export const GiftCardListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
    /** Part of the code, any case. */
    q: z.string().trim().min(1).max(64).optional(),
  })
  .strict();
export const GiftCardList = z.object({ giftCards: z.array(GiftCardView), hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() });
/** The owner issues a gift card in the store currency (a present, a refund as store credit). */
export const IssueGiftCardBody = z
  .object({
    amountCents: z.number().int().min(1).max(100_000_000),
    recipientEmail: z.email().max(254).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export const GiftCardResponse = z.object({ giftCard: GiftCardView });

/** A subscription as the owner's list shows it. */
export const SubscriptionView = SubscriptionRecord.extend({
  email: z.string(),
  /** The order that started it. */
  orderId: z.string(),
  createdAt: z.string(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;
export const SubscriptionListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(512).optional(),
    status: z.enum(['active', 'completed', 'cancelled', 'past-due']).optional(),
    q: z.string().trim().min(1).max(254).optional(),
  })
  .strict();
export const SubscriptionList = z.object({
  subscriptions: z.array(SubscriptionView),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});
export const SubscriptionParams = z.object({ subscriptionId: z.string().min(1).max(64) }).strict();
/** The owner cancels a subscription, or resumes one whose renewal payment failed. */
export const UpdateSubscriptionStatusBody = z.object({ status: z.enum(['cancelled', 'active']) }).strict();
export const SubscriptionResponse = z.object({ subscription: SubscriptionView });

// ---------------------------------------------------------------------------------------------
// The shop's mail (receipts, refund notices): failed mail the owner can resend, template previews

export const FailedMailEntry = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedMailEntry = z.infer<typeof FailedMailEntry>;
export const FailedMailList = z.object({ items: z.array(FailedMailEntry) });
export const MailParams = z.object({ mailId: z.string().min(1).max(64) }).strict();
export const MailResent = z.object({ resent: z.literal(true) });
export const MailPreview = z.object({ kind: z.string(), label: z.string(), subject: z.string(), text: z.string(), html: z.string() });
export type MailPreview = z.infer<typeof MailPreview>;
export const MailPreviewList = z.object({ items: z.array(MailPreview) });
export const MailMessages = { mailNotFound: 'No failed mail with this id.' } as const;

import { mailMigration, type Migrations } from '@sc/platform';
import { m0001Carts } from './0001_carts.js';
import { m0002Commerce } from './0002_commerce.js';
import { m0003AddEntryFunction } from './0003_add_entry_function.js';
import { m0004RefundsRenewals } from './0004_refunds_renewals.js';
import { m0005AddEntryDurable } from './0005_add_entry_durable.js';
import { m0006CouponLimitsReceiptTokens } from './0006_coupon_limits_receipt_tokens.js';
import { m0007PaymentsReceipts } from './0007_payments_receipts.js';
import { m0008Customers } from './0008_customers.js';
import { m0009AddEntryFacts } from './0009_add_entry_facts.js';
import { m0050CheckoutLeases } from './0050_checkout_leases.js';
import { m0060OrderCheckoutKey } from './0060_order_checkout_key.js';
import { m0080OrderShippingMethod } from './0080_order_shipping_method.js';
import { m0090PricesIncludeTax } from './0090_prices_include_tax.js';
import { m0100OrderListSorts } from './0100_order_list_sorts.js';

/** Applied in name order at start. */
export const migrations: Migrations = {
  '0001_carts': m0001Carts,
  '0002_commerce': m0002Commerce,
  '0003_add_entry_function': m0003AddEntryFunction,
  '0004_refunds_renewals': m0004RefundsRenewals,
  '0005_add_entry_durable': m0005AddEntryDurable,
  '0006_coupon_limits_receipt_tokens': m0006CouponLimitsReceiptTokens,
  '0006_mail': mailMigration,
  '0007_payments_receipts': m0007PaymentsReceipts,
  '0008_customers': m0008Customers,
  '0009_add_entry_facts': m0009AddEntryFacts,
  '0050_checkout_leases': m0050CheckoutLeases,
  '0060_order_checkout_key': m0060OrderCheckoutKey,
  '0080_order_shipping_method': m0080OrderShippingMethod,
  '0090_prices_include_tax': m0090PricesIncludeTax,
  /** Indexes for the owner's order list sorted by total, email or status (issue 35). */
  '0100_order_list_sorts': m0100OrderListSorts,
};

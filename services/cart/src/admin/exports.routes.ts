// The store's CSV downloads for the admin: orders (one row per order line, the order's columns
// repeated), and inventory (one row per variant). Streamed page by page (keyset pagination on an
// indexed key, 1,000 rows a query), so a 100,000-order export holds one page in memory at a time
// (bench/cart/export.ts measures it). Cells are written by csv-stringify; formula-looking text is
// neutralised (packages/platform csv.ts). A date range and status filter narrow the orders.
import { lineDetails, OrderStatus, Permission, type Address, type OrderItem } from '@sc/contracts';
import { keysetPages, ownerRoute, sendCsv, websiteIdOf, type CsvCell, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import type { CartModule } from '../module.js';
import { amount } from '../shared/money.js';
import type { InventoryExportKey } from './admin.repository.js';

const PAGE = 1_000;

export const OrdersExportQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    status: OrderStatus.optional(),
  })
  .strict();

export const ORDER_COLUMNS = [
  'Order number',
  'Order id',
  'Placed at',
  'Kind',
  'Status',
  'Test mode',
  'Email',
  'Ship to',
  'Address line 1',
  'Address line 2',
  'City',
  'Region',
  'Postal code',
  'Country',
  'Currency',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Gift card',
  'Total',
  'Refunded',
  'Line',
  'SKU',
  'Product',
  'Quantity',
  'Unit price',
  'Line total',
  'Options',
];

export const INVENTORY_COLUMNS = ['Product id', 'Product', 'Variant id', 'SKU', 'Unlimited', 'In stock'];

const stamp = (): string => new Date().toISOString().slice(0, 10);

export function exportRoutes(app: ZodApp, parts: Pick<CartModule, 'admin'>): void {
  const { admin } = parts;
  app.get(
    '/api/commerce/store/exports/orders.csv',
    ownerRoute(Permission.STORE_READ, {
      schema: { summary: "The store's orders as CSV, filtered by date and status", querystring: OrdersExportQuery },
    }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const { from, to, status } = request.query;
      const page = (after: number | undefined) => admin.orderExportPage(websiteId, { from, to, status }, after, PAGE);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        yield ORDER_COLUMNS;
        for await (const o of keysetPages(page, (row) => Number(row.order_number), PAGE)) {
          const address = (typeof o.shipping_address === 'string' ? JSON.parse(o.shipping_address) : o.shipping_address) as Address | null;
          const items = (typeof o.items === 'string' ? JSON.parse(o.items) : o.items) as OrderItem[];
          const c = o.currency;
          const order: CsvCell[] = [
            Number(o.order_number),
            o.id,
            new Date(o.created_at).toISOString(),
            o.kind,
            o.status,
            o.test_mode,
            o.email,
            address?.name,
            address?.line1,
            address?.line2,
            address?.city,
            address?.region,
            address?.postalCode,
            address?.country,
            c,
            amount(o.subtotal_cents, c),
            amount(o.discount_cents, c),
            amount(o.shipping_cents, c),
            amount(o.tax_cents, c),
            amount(o.gift_card_cents, c),
            amount(o.grand_total_cents, c),
            amount(o.refunded_cents, c),
          ];
          if (items.length === 0) yield [...order, null, null, null, null, null, null, null];
          for (const [index, item] of items.entries()) {
            const unit = Number(item.unitPrice.value);
            yield [
              ...order,
              index + 1,
              item.sku,
              item.productName,
              item.quantity,
              amount(unit, c),
              amount(unit * item.quantity, c),
              lineDetails(item) || null,
            ];
          }
        }
      }
      return sendCsv(reply, `orders-${stamp()}.csv`, rows());
    },
  );

  app.get(
    '/api/commerce/store/exports/inventory.csv',
    ownerRoute(Permission.STORE_READ, { schema: { summary: 'Stock of every product variant as CSV' } }),
    async (request, reply) => {
      const websiteId = websiteIdOf(request);
      const page = (after: InventoryExportKey | undefined) => admin.inventoryExportPage(websiteId, after, PAGE);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        yield INVENTORY_COLUMNS;
        for await (const r of keysetPages(page, (row) => ({ title: row.title, sku: row.sku, variant: row.variant_id }), PAGE)) {
          yield [r.product_id, r.title, r.variant_id, r.sku, r.unlimited, r.unlimited ? null : r.qty];
        }
      }
      return sendCsv(reply, `inventory-${stamp()}.csv`, rows());
    },
  );
}

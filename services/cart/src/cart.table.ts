// The cart service's tables (schema "cart").
import type { ColumnType, Generated } from 'kysely';
import type { OutboxTables } from '@sc/platform';

export interface CartsTable {
  id: string;
  website_id: string;
  /** The value of the visitor's cart cookie; never shown to other visitors. */
  token: string;
  site_user_id: string | null;
  order_id: string | null;
  is_purchased: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CartTables {
  carts: CartsTable;
}

/** Everything in the cart schema, the platform's outbox tables included. */
export type CartDB = CartTables & OutboxTables;

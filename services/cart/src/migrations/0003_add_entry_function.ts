// Add-to-cart in one round trip: cart.add_entry() finds and locks the shopper's open cart, reads
// what the cart holds of the item and variant and the variant's stock, refuses when stock does
// not cover the cart's lines plus this add or the line would pass 9999, else upserts the line and
// writes commerce.cart.entry-added to the outbox, and answers the cart row with its entries as
// they were before the add plus the line as it is now.
//
// Why a PL/pgSQL function rather than one statement of data-modifying CTEs sent as text: Kysely
// sends every statement unnamed, so Postgres would parse and plan the CTE statement on every
// call, and planning it cost about as much as running it (pgbench on this schema: 510
// transactions/s unprepared, 1,240 prepared). A function's statements are planned once per
// session and kept, and each of them reads a fresh snapshot: after waiting for the cart lock, the
// stock check sees what the transaction that held it wrote (one statement's CTEs would all read
// the snapshot taken before the wait).
//
// (Superseded by 0005: adds commit synchronously again; the function's own SET clause now ends
// the setting below with the call. What follows was the reasoning for turning it off.)
// The add commits asynchronously (synchronous_commit off for this transaction only): it returns
// once the commit is in the WAL buffers, not on disk. If Postgres itself crashes in the next
// fraction of a second, the most recent adds are lost together with their events (never one
// without the other; nothing is left half-written). A cart line is the visitor's to add again;
// the flush wait was most of the add's time (pgbench on this schema: 850 adds/s synchronous,
// 1,990 asynchronous). Orders, stock and gift cards keep synchronous commits. The relay may
// publish an event whose add such a crash then loses: analytics can count a line that is gone.
//
// The lock is FOR UPDATE, as every other cart change takes it (lockOpenCart): two adds to one
// cart, or an add and a checkout, never interleave. Stock itself is only read here; it is taken
// by checkout's conditional UPDATE, which is what guarantees that nothing is oversold.
//
// Raw SQL does not get the schema Kysely binds the service to, so names are qualified with the
// service's schema, which is always its name.
import { sql, type Kysely, type Migration } from 'kysely';

export const m0003AddEntryFunction: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
create or replace function cart.add_entry(
  p_website text, p_lookup text, p_key text,
  p_product text, p_variant text, p_entry_id text, p_quantity integer, p_fields text, p_tracks_stock boolean,
  p_event_id uuid, p_occurred_at timestamptz, p_event jsonb, p_headers jsonb)
returns table (
  outcome text, entry_id text, entry_quantity integer,
  cart_id text, token text, site_user_id text, order_id text, is_purchased boolean, kind text,
  coupon_codes jsonb, shipping_location jsonb, shipping_option_id text, created_at timestamptz, entries json)
language plpgsql volatile as $fn$
#variable_conflict use_column
declare
  v_cart cart.carts%rowtype;
  v_held integer;
  v_merged integer;
  v_qty integer;
  v_unlimited boolean;
begin
  perform set_config('synchronous_commit', 'off', true);
  -- p_lookup: 'id' (a cart the caller already has), 'token' (the cart cookie), 'user' (a signed-in site user).
  if p_lookup = 'id' then
    select * into v_cart from cart.carts c where c.id = p_key and c.website_id = p_website and c.is_purchased = false for update;
  elsif p_lookup = 'token' then
    select * into v_cart from cart.carts c where c.token = p_key and c.website_id = p_website and c.is_purchased = false for update;
  else
    select * into v_cart from cart.carts c
      where c.site_user_id = p_key and c.website_id = p_website and c.is_purchased = false and c.kind = 'cart' for update;
  end if;
  if not found then
    return;
  end if;

  select
    coalesce(sum(e.quantity) filter (where e.product_id = p_product and e.variant_id = p_variant), 0),
    coalesce(sum(e.quantity) filter (where e.product_id = p_product and e.variant_id = p_variant and e.additional_fields = ''), 0),
    json_agg(json_build_object('id', e.id, 'product_id', e.product_id, 'variant_id', e.variant_id, 'quantity', e.quantity,
      'additional_fields', e.additional_fields) order by e.created_at, e.id)
    into v_held, v_merged, entries
    from cart.cart_entries e where e.cart_id = v_cart.id;

  if p_tracks_stock then
    select s.qty, s.unlimited into v_qty, v_unlimited from cart.stock s
      where s.website_id = p_website and s.product_id = p_product and s.variant_id = p_variant;
    if not found or (not v_unlimited and v_qty < v_held + p_quantity) then
      outcome := 'not-enough-stock';
    end if;
  end if;
  -- Merging must not take a line past 9999 (lines with form answers never merge).
  if outcome is null and p_fields = '' and v_merged + p_quantity > 9999 then
    outcome := 'line-limit';
  end if;

  if outcome is null then
    insert into cart.cart_entries as e (id, cart_id, product_id, variant_id, quantity, additional_fields)
      values (p_entry_id, v_cart.id, p_product, p_variant, p_quantity, p_fields)
      on conflict (cart_id, product_id, variant_id) where additional_fields = ''
      do update set quantity = e.quantity + excluded.quantity
      returning e.id, e.quantity into entry_id, entry_quantity;
    insert into cart.outbox (id, type, website_id, occurred_at, data, headers)
      values (p_event_id, 'commerce.cart.entry-added', p_website, p_occurred_at,
        p_event || jsonb_build_object('cartId', v_cart.id, 'entryId', entry_id), p_headers);
    outcome := 'added';
  end if;

  cart_id := v_cart.id;
  token := v_cart.token;
  site_user_id := v_cart.site_user_id;
  order_id := v_cart.order_id;
  is_purchased := v_cart.is_purchased;
  kind := v_cart.kind;
  coupon_codes := v_cart.coupon_codes;
  shipping_location := v_cart.shipping_location;
  shipping_option_id := v_cart.shipping_option_id;
  created_at := v_cart.created_at;
  return next;
end
$fn$`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop function if exists cart.add_entry(text, text, text, text, text, text, integer, text, boolean, uuid, timestamptz, jsonb, jsonb)`.execute(
      db,
    );
  },
};

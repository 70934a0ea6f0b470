// Add-to-cart keeps its one round trip, but the rules leave the SQL. cart.add_entry() (0003, made
// durable by 0005) decided in PL/pgSQL which refusal an add got; now it does only what must be
// atomic: it finds and locks the shopper's open cart, reads the facts an add is decided on (what
// the cart holds of the variant, the line it would merge into, the variant's stock), writes the
// line and the commerce.cart.entry-added event only when those facts allow it, and returns the
// facts with `added`. Which refusal that was and how it reads are TypeScript's
// (domain/add-to-cart.ts: stockVerdict, refusalOf), which applies the same conditions to the
// same facts. The line limit comes in as a parameter (MAX_QUANTITY), not as a literal here.
//
// Merging a line into a cart is written once, in cart.merge_entry(): add_entry calls it, and so
// do the subscription cart and the sign-in merge and sign-out copy (cart.repository addToEntry).
// A merge never takes a line past the limit (add_entry refuses before; the others cap).
//
// Both functions are PL/pgSQL for the reason 0003 gives: their statements are planned once per
// session. The add commits synchronously, as 0005 made it (no synchronous_commit override).
import { sql, type Kysely, type Migration } from 'kysely';
import { m0003AddEntryFunction } from './0003_add_entry_function.js';
import { m0005AddEntryDurable } from './0005_add_entry_durable.js';

export const m0009AddEntryFacts: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop function if exists cart.add_entry(text, text, text, text, text, text, integer, text, boolean, uuid, timestamptz, jsonb, jsonb)`.execute(
      db,
    );
    await sql`
create or replace function cart.merge_entry(
  p_cart text, p_entry_id text, p_product text, p_variant text, p_quantity integer, p_fields text, p_max_line integer)
returns table (entry_id text, entry_quantity integer)
language plpgsql volatile as $fn$
#variable_conflict use_column
begin
  -- One line per item and variant; a line with form answers ('' when none) stays apart.
  insert into cart.cart_entries as e (id, cart_id, product_id, variant_id, quantity, additional_fields)
    values (p_entry_id, p_cart, p_product, p_variant, p_quantity, p_fields)
    on conflict (cart_id, product_id, variant_id) where additional_fields = ''
    do update set quantity = least(e.quantity + excluded.quantity, p_max_line)
    returning e.id, e.quantity into entry_id, entry_quantity;
  return next;
end
$fn$`.execute(db);
    await sql`
create or replace function cart.add_entry(
  p_website text, p_lookup text, p_key text,
  p_product text, p_variant text, p_entry_id text, p_quantity integer, p_fields text, p_tracks_stock boolean, p_max_line integer,
  p_event_id uuid, p_occurred_at timestamptz, p_event jsonb, p_headers jsonb)
returns table (
  added boolean, held integer, mergeable integer, stock_found boolean, stock_qty integer, stock_unlimited boolean,
  entry_id text, entry_quantity integer,
  cart_id text, token text, site_user_id text, order_id text, is_purchased boolean, kind text,
  coupon_codes jsonb, shipping_location jsonb, shipping_option_id text, created_at timestamptz, entries json)
language plpgsql volatile as $fn$
#variable_conflict use_column
declare
  v_cart cart.carts%rowtype;
begin
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
    into held, mergeable, entries
    from cart.cart_entries e where e.cart_id = v_cart.id;

  stock_found := false;
  if p_tracks_stock then
    select s.qty, s.unlimited into stock_qty, stock_unlimited from cart.stock s
      where s.website_id = p_website and s.product_id = p_product and s.variant_id = p_variant;
    stock_found := found;
  end if;

  -- The atomic part: write only when the facts allow it (domain/add-to-cart.ts stockVerdict).
  added := (not p_tracks_stock or (stock_found and (stock_unlimited or stock_qty >= held + p_quantity)))
    and (p_fields <> '' or mergeable + p_quantity <= p_max_line);
  if added then
    select m.entry_id, m.entry_quantity into entry_id, entry_quantity
      from cart.merge_entry(v_cart.id, p_entry_id, p_product, p_variant, p_quantity, p_fields, p_max_line) m;
    insert into cart.outbox (id, type, website_id, occurred_at, data, headers)
      values (p_event_id, 'commerce.cart.entry-added', p_website, p_occurred_at,
        p_event || jsonb_build_object('cartId', v_cart.id, 'entryId', entry_id), p_headers);
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
    await sql`drop function if exists cart.add_entry(text, text, text, text, text, text, integer, text, boolean, integer, uuid, timestamptz, jsonb, jsonb)`.execute(
      db,
    );
    await sql`drop function if exists cart.merge_entry(text, text, text, text, integer, text, integer)`.execute(db);
    await m0003AddEntryFunction.up(db);
    await m0005AddEntryDurable.up(db);
  },
};

// The baseline of bench/cart: a bare Fastify route that does one INSERT ... RETURNING on the same
// Postgres through a pg pool (the size of a service's pool), nothing else. Prints its URL.
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => undefined);
await pool.query(
  'create table if not exists bench_baseline (id bigserial primary key, cart_id text not null, item_id text not null, quantity int not null, created_at timestamptz not null default now())',
);

const app = Fastify({ logger: false });
// Called directly (the baseline) and, under the cart's prefix, through a gateway of its own (the
// ceiling: what any add-to-cart through the gateway could reach if it cost one INSERT).
const insert = async (request: { body: unknown; headers: Record<string, string | string[] | undefined> }) => {
  const body = request.body as { itemId: string; quantity: number };
  const result = await pool.query<{ id: string }>(
    'insert into bench_baseline (cart_id, item_id, quantity) values ($1, $2, $3) returning id',
    [request.headers['x-cart'] ?? 'cart', body.itemId, body.quantity],
  );
  return { id: result.rows[0]?.id };
};
app.post('/bench/insert', insert);
app.post('/api/commerce/bench/insert', insert);
const where = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${where}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

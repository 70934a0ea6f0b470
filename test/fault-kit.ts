// The fault run of issue 39, shared by test/faults.test.ts (a rotating subset of the faults, with
// asserts) and bench/faults/run.ts (every fault, figures only). `pnpm start:cluster --replicas 2`
// runs on a Postgres database, a nats-server and a redis-server of its own; buyers check out
// through the gateway (a cart, one mug, the store's coupon, then the test card or the store's gift
// card, retrying a 5xx, a 409 or no answer with the same Idempotency-Key as the storefront does)
// and visitors read a page and send a page view, while one part fails at a time: one replica of a
// service killed (SIGKILL; the launcher restarts it), every Postgres connection of the database
// terminated, NATS or Redis stopped for a few seconds. finish() then checks what must hold after
// any fault: nothing lost or done twice (orders, stock, coupon uses, gift-card balance, the
// consumers' effects of the events, page views answered 202), nothing pending past its lease,
// every replica up again.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { createLogger, openPostgres, SERVICE_NAMES, SERVICE_PORTS, type Database, type ServiceName } from '@sc/platform';
import { NatsServerProcess } from '../packages/platform/test-kit/nats-server.js';
import { RedisServerProcess } from '../packages/platform/test-kit/redis-server.js';
import { freePort } from '../packages/platform/test-kit/index.js';
import { UA } from '../bench/lib/analytics.js';
import { CRUMB, publishBenchProduct } from '../bench/lib/cart.js';
import { ROOT } from './helpers.js';

/** A few raw statements on a database (the kit's own small pool, not the services'). */
class Sql {
  readonly #database: Database<unknown>;
  constructor(url: string) {
    this.#database = openPostgres<unknown>(url, 'public', createLogger('faults', 'silent'), 2);
  }
  async query<R = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<{ rows: R[] }> {
    return { rows: (await this.#database.db.executeQuery<R>(CompiledQuery.raw(text, values))).rows };
  }
  end(): Promise<void> {
    return this.#database.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for `promise` at most `ms` (the timer is cleared, so it holds nothing open after). */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
const INITIAL_STOCK = 1_000_000;
const COUPON = 'FAULTS10';
const GIFT_CARD = 'FAULTS-GIFT';
const GIFT_CARD_CENTS = 1_000_000_000;
/** The checkout and idempotency leases (10 s) and a sweep (every few seconds) after the load stops. */
const SETTLE_MS = 15_000;

/** What happened during one phase, through the gateway. */
export interface Tally {
  name: string;
  requests: number;
  /** 2xx, 4xx, and each 5xx code and `network` (no answer) on its own. */
  byStatus: Record<string, number>;
  /** Answers other than 2xx, by route and status ("POST checkout 502"). */
  odd: Record<string, number>;
  checkoutsOk: number;
  checkoutRetries: number;
  hits202: number;
  /** The killed replica: how long until its own /readyz answered again (ms). */
  restartMs?: number;
}

/** Failed requests of a phase: 5xx and no answer at all. */
export const failedOf = (t: Tally): number =>
  Object.entries(t.byStatus).reduce((sum, [k, n]) => sum + (/^5\d\d$|^network$/.test(k) ? n : 0), 0);

export interface Fault {
  name: string;
  /** A replica of one service killed (its failed requests are held to ≤ 1 %), or a shared part. */
  kind: 'kill' | 'infra';
  /** The killed replica's port (kills). */
  port?: number;
  run(): Promise<void>;
}

export interface EndState {
  ordersByStatus: Record<string, number>;
  answered: number;
  paid: number;
  paidNotAnswered: number;
  answeredNotPaid: number;
  /** Idempotency keys with more than one paid or pending order (a checkout done twice). */
  keysWithTwoOrders: number;
  stockSold: number;
  soldInPaidOrders: number;
  couponUses: number;
  ordersWithCoupon: number;
  giftCardSpent: number;
  giftCardInPaidOrders: number;
  /** Entries in carts (each an entry-added event) and the adds analytics counted from the events. */
  cartEntries: number;
  analyticsAdds: number;
  /** Paid orders and the customers read model's orders (commerce.order.placed, consumed by cart). */
  customerOrders: number;
  pendingPastLease: number;
  keysPastLease: number;
  hitsAccepted: number;
  /** RecordHit calls with no answer or a 5xx (their hits may or may not be stored). */
  hitsUnanswered: number;
  hitsStored: number;
  replicasDown: number[];
}

/** Every replica's port: replica k of a service listens on its port + 100·(k−1). */
const replicaPorts = (replicas: number): number[] =>
  SERVICE_NAMES.flatMap((name) => Array.from({ length: replicas }, (_, k) => SERVICE_PORTS[name] + 100 * k));

/** Both replicas of the service whose replica listens on `port`. */
const replicaPortsOf = (port: number): number[] => {
  const first = port > 4200 ? port - 100 : port;
  return [first, first + 100];
};

/** The pid listening on `port`, if any. */
function pidOn(port: number): number | undefined {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(out);
  return match ? Number(match[1]) : undefined;
}

/** Stops the launcher (Ctrl-C: it stops its processes), and kills its process group if that takes over 20 s. */
async function stopGroup(cluster: ChildProcess): Promise<void> {
  if (cluster.exitCode !== null || cluster.signalCode !== null) return;
  const exited = new Promise((resolve) => cluster.once('exit', resolve));
  cluster.kill('SIGINT');
  await within(exited, 20_000);
  try {
    process.kill(-cluster.pid!, 'SIGKILL');
  } catch {
    // the group is gone
  }
}

const ready = (port: number) =>
  fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.ok,
    () => false,
  );

export class FaultRun {
  readonly phases: Tally[] = [];
  readonly startedInMs: number;
  #tally!: Tally;
  #stop = false;
  #loops: Array<Promise<void>> = [];
  readonly #watchers: Array<Promise<void>> = [];
  readonly #answeredOrders = new Set<string>();
  #hitsAccepted = 0;
  #hitsUnanswered = 0;

  private constructor(
    private readonly admin: Sql,
    private readonly dbName: string,
    readonly databaseUrl: string,
    readonly nats: NatsServerProcess,
    readonly redis: RedisServerProcess,
    private readonly cluster: ChildProcess,
    readonly gateway: string,
    readonly site: string,
    private readonly product: { itemId: string; sku: string },
    startedInMs: number,
    readonly output: () => string,
  ) {
    this.startedInMs = startedInMs;
    this.newPhase('warm-up');
  }

  /** Starts the servers and `pnpm start:cluster --replicas 2`, and stocks the store (a mug, a coupon, a gift card). */
  static async start(options: { adminUrl: string; startTimeoutMs?: number }): Promise<FaultRun> {
    const dbName = `faults_${randomUUID().slice(0, 8)}`;
    const databaseUrl = options.adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
    const admin = new Sql(options.adminUrl);
    await admin.query(`create database ${dbName}`);
    const nats = await NatsServerProcess.start();
    const redis = await RedisServerProcess.start();
    const gatewayPort = await freePort();
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    const site = `faults_${randomUUID().slice(0, 8)}`;
    const startedAt = Date.now();
    const cluster = spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', 'scripts/start-cluster.ts', '--replicas', '2'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(gatewayPort),
        METRICS_PORT: '19600',
        DATABASE_URL: databaseUrl,
        NATS_URL: nats.url,
        REDIS_URL: redis.url,
        FALLBACK_WEBSITE_ID: site,
        RATE_LIMIT_MAX: '100000000',
        CART_WRITE_LIMIT: '100000000',
        RATE_LIMIT_NAMESPACE: `sc:faults:${site}:`,
        LOG_LEVEL: process.env.FAULT_LOG_LEVEL || 'error',
        ANALYTICS_RECOVER_AFTER_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own: if it has to be killed, its children go with it (stopGroup).
      detached: true,
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-200_000);
      if (process.env.FAULT_VERBOSE) process.stderr.write(chunk);
    };
    cluster.stdout.on('data', keep);
    cluster.stderr.on('data', keep);
    const deadline = startedAt + (options.startTimeoutMs ?? 240_000);
    while (!output.includes('is running at')) {
      if (Date.now() > deadline || cluster.exitCode !== null) {
        await stopGroup(cluster);
        await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
        await admin.end();
        await nats.stop();
        await redis.stop();
        throw new Error(`the cluster did not start:\n${output.slice(-4000)}`);
      }
      await sleep(250);
    }
    const startedInMs = Date.now() - startedAt;
    const product = await publishBenchProduct({ natsUrl: nats.url, databaseUrl, websiteId: site, gatewayUrl: gateway });
    const db = new Sql(databaseUrl);
    await db.query(
      `insert into cart.coupons (website_id, code, kind, value, minimum_subtotal_cents) values ($1, $2, 'percentage', 1000, 0)`,
      [site, COUPON],
    );
    await db.query(
      `insert into cart.gift_cards (id, website_id, code, currency, initial_cents, balance_cents) values ($1, $2, $3, 'USD', $4, $4)`,
      [randomUUID(), site, GIFT_CARD, GIFT_CARD_CENTS],
    );
    await db.end();
    return new FaultRun(admin, dbName, databaseUrl, nats, redis, cluster, gateway, site, product, startedInMs, () => output);
  }

  /**
   * Every fault, in the bench's order: one replica of each service, Postgres, NATS, Redis, and the
   * other analytics replica last (both of analytics in turn, the first back by then).
   */
  faults(): Fault[] {
    const kill = (name: ServiceName, k = 1): Fault => {
      const port = SERVICE_PORTS[name] + 100 * (k - 1);
      return { name: `kill ${name} replica ${k}`, kind: 'kill', port, run: async () => void process.kill(pidOn(port)!, 'SIGKILL') };
    };
    const terminate = () =>
      this.admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        this.dbName,
      ]);
    return [
      kill('analytics', 1),
      kill('cart'),
      kill('render'),
      kill('content'),
      kill('identity'),
      kill('forms'),
      kill('restock'),
      {
        name: 'Postgres connections terminated (twice, 2 s apart)',
        kind: 'infra',
        run: async () => {
          await terminate();
          await sleep(2_000);
          await terminate();
        },
      },
      {
        name: 'NATS down 5 s',
        kind: 'infra',
        run: async () => void (await this.nats.stop(), await sleep(5_000), await this.nats.restart()),
      },
      {
        name: 'Redis down 5 s',
        kind: 'infra',
        run: async () => void (await this.redis.stop(), await sleep(5_000), await this.redis.restart()),
      },
      kill('analytics', 2),
    ];
  }

  /** Starts `buyers` buyers and `visitors` visitors (they run until finish()). */
  load(buyers: number, visitors: number): void {
    this.#loops = [...Array.from({ length: buyers }, (_, i) => this.#buyer(i)), ...Array.from({ length: visitors }, () => this.#visitor())];
  }

  newPhase(name: string): Tally {
    this.#tally = { name, requests: 0, byStatus: {}, odd: {}, checkoutsOk: 0, checkoutRetries: 0, hits202: 0 };
    this.phases.push(this.#tally);
    return this.#tally;
  }

  /** Waits until these replicas answer their /readyz (a killed one is back), at most `timeoutMs`; answers those still down. */
  async #waitReady(ports: number[], timeoutMs: number): Promise<number[]> {
    const deadline = Date.now() + timeoutMs;
    let down = ports;
    while (down.length > 0 && Date.now() < deadline) {
      const states = await Promise.all(down.map(ready));
      down = down.filter((_, i) => !states[i]);
      if (down.length > 0) await sleep(500);
    }
    return down;
  }

  /**
   * One phase under load for `seconds`: the fault, then the time left; longer (up to `maxSeconds`)
   * while it has seen fewer than `minRequests` requests, so that on a slow machine one failed
   * request is not a large share of a few. Before a kill, both replicas of that service are up (the
   * other services' restarts may still run: each has a replica left).
   */
  async phase(fault: Fault, seconds: number, more: { maxSeconds?: number; minRequests?: number } = {}): Promise<Tally> {
    if (fault.port !== undefined) await this.#waitReady(replicaPortsOf(fault.port), 120_000);
    const tally = this.newPhase(fault.name);
    const started = Date.now();
    const until = started + seconds * 1000;
    const pid = fault.port === undefined ? undefined : pidOn(fault.port);
    await fault.run();
    if (fault.port !== undefined) {
      const port = fault.port;
      // Back when its port answers /readyz from another process than the one killed.
      this.#watchers.push(
        (async () => {
          while (Date.now() < started + 180_000) {
            if (pidOn(port) !== pid && (await ready(port))) {
              tally.restartMs = Date.now() - started;
              return;
            }
            await sleep(250);
          }
        })(),
      );
    }
    await sleep(Math.max(0, until - Date.now()));
    while (tally.requests < (more.minRequests ?? 0) && Date.now() < started + (more.maxSeconds ?? seconds) * 1000) await sleep(250);
    return tally;
  }

  /** Stops the load, lets the retries, leases and sweeps finish, and reads what must hold. */
  async finish(): Promise<EndState> {
    this.newPhase('after (retries finishing)');
    this.#stop = true;
    await Promise.all(this.#loops);
    await Promise.all(this.#watchers);
    await sleep(SETTLE_MS);
    const db = new Sql(this.databaseUrl);
    try {
      const site = this.site;
      const one = async (text: string, values: unknown[] = [site]) =>
        Number(Object.values((await db.query(text, values)).rows[0] ?? {})[0] ?? 0);
      const rows = async <R>(text: string) => (await db.query<R>(text, [site])).rows;
      const ordersByStatus = Object.fromEntries(
        (
          await rows<{ status: string; n: string }>('select status, count(*) as n from cart.orders where website_id = $1 group by status')
        ).map((r) => [r.status, Number(r.n)]),
      );
      const paidIds = new Set(
        (await rows<{ id: string }>(`select id from cart.orders where website_id = $1 and status = 'paid'`)).map((r) => r.id),
      );
      // The consumers' effects land after the events leave the outboxes: wait for them (bounded).
      let analyticsAdds = 0;
      let cartEntries = 0;
      let hitsStored = 0;
      for (let i = 0; i < 40; i++) {
        cartEntries = await one(
          `select count(*) from cart.cart_entries e join cart.carts c on c.id = e.cart_id where c.website_id = $1 and e.product_id = $2`,
          [site, this.product.itemId],
        );
        analyticsAdds = await one(`select coalesce(sum(adds), 0) from analytics.product_daily where website_id = $1 and product_id = $2`, [
          site,
          this.product.itemId,
        ]);
        hitsStored = await one('select count(*) from analytics.hits where website_id = $1');
        if (
          analyticsAdds >= cartEntries &&
          hitsStored >= this.#hitsAccepted &&
          (await one(`select count(*) from cart.customer_orders where website_id = $1`)) >= paidIds.size
        )
          break;
        await sleep(1_000);
      }
      return {
        ordersByStatus,
        answered: this.#answeredOrders.size,
        paid: paidIds.size,
        paidNotAnswered: [...paidIds].filter((id) => !this.#answeredOrders.has(id)).length,
        answeredNotPaid: [...this.#answeredOrders].filter((id) => !paidIds.has(id)).length,
        // A checkout whose process died leaves its order released (payment-failed) and the retry makes the one that is paid.
        keysWithTwoOrders: await one(
          `select count(*) from (select checkout_key from cart.orders where website_id = $1 and status in ('paid', 'pending', 'fulfilled') and checkout_key is not null group by checkout_key having count(*) > 1) twice`,
        ),
        stockSold:
          INITIAL_STOCK - (await one('select qty from cart.stock where website_id = $1 and product_id = $2', [site, this.product.itemId])),
        soldInPaidOrders: await one(
          `select coalesce(sum((item->>'quantity')::int), 0) from cart.orders, jsonb_array_elements(items) item where website_id = $1 and status = 'paid'`,
        ),
        couponUses: await one('select times_used from cart.coupons where website_id = $1 and code = $2', [site, COUPON]),
        ordersWithCoupon: await one(`select count(*) from cart.orders where website_id = $1 and status = 'paid' and coupon_codes ? $2`, [
          site,
          COUPON,
        ]),
        giftCardSpent:
          GIFT_CARD_CENTS - (await one('select balance_cents from cart.gift_cards where website_id = $1 and code = $2', [site, GIFT_CARD])),
        giftCardInPaidOrders: await one(
          `select coalesce(sum(gift_card_cents), 0) from cart.orders where website_id = $1 and status = 'paid'`,
        ),
        cartEntries,
        analyticsAdds,
        customerOrders: await one(`select count(*) from cart.customer_orders where website_id = $1`),
        pendingPastLease: await one(
          `select count(*) from cart.orders where website_id = $1 and status = 'pending' and lease_until < now()`,
        ),
        keysPastLease: await one(
          `select count(*) from cart.idempotency_keys where website_id = $1 and status_code is null and lease_until < now()`,
        ),
        hitsAccepted: this.#hitsAccepted,
        hitsUnanswered: this.#hitsUnanswered,
        hitsStored,
        replicasDown: await this.#waitReady(replicaPorts(2), 60_000),
      };
    } finally {
      await db.end();
    }
  }

  /** The figures per phase, as the bench's README table (markdown lines). */
  table(): string[] {
    const lines = [
      '| fault | requests | 2xx | 4xx | failed (5xx, no answer) | failed % | checkouts 2xx | checkout retries | page views 202 | killed replica back in |',
      '|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const t of this.phases) {
      const detail = Object.entries(t.odd)
        .filter(([k]) => /(5\d\d|network)$/.test(k))
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ');
      const failed = failedOf(t);
      const back = t.restartMs === undefined ? '' : `${(t.restartMs / 1000).toFixed(1)} s`;
      lines.push(
        `| ${t.name} | ${t.requests} | ${t.byStatus['2xx'] ?? 0} | ${t.byStatus['4xx'] ?? 0} | ${failed}${detail ? ` (${detail})` : ''} | ${((100 * failed) / Math.max(1, t.requests)).toFixed(2)} | ${t.checkoutsOk} | ${t.checkoutRetries} | ${t.hits202} | ${back} |`,
      );
    }
    return lines;
  }

  /** Stops the cluster and the servers and drops the database. */
  async close(): Promise<void> {
    this.#stop = true;
    await within(Promise.all(this.#loops), 40_000);
    await stopGroup(this.cluster);
    await this.admin.query(`drop database if exists ${this.dbName} with (force)`).catch(() => undefined);
    await this.admin.end();
    await this.nats.stop();
    await this.redis.stop();
  }

  #count(status: number | 'network', what: string): void {
    const t = this.#tally;
    t.requests += 1;
    if (status === 'network' || status >= 300) t.odd[`${what} ${status}`] = (t.odd[`${what} ${status}`] ?? 0) + 1;
    const key = status === 'network' ? 'network' : status >= 500 ? String(status) : `${Math.floor(status / 100)}xx`;
    t.byStatus[key] = (t.byStatus[key] ?? 0) + 1;
  }

  async #call(url: string, init: RequestInit = {}): Promise<Response | undefined> {
    const what = `${init.method ?? 'GET'} ${new URL(url).pathname.split('/').slice(-1)[0] || '/'}`;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(35_000) });
      this.#count(response.status, what);
      return response;
    } catch {
      this.#count('network', what);
      return undefined;
    }
  }

  async #buyer(n: number): Promise<void> {
    const { itemId, sku } = this.product;
    const withGiftCard = n % 2 === 1;
    while (!this.#stop) {
      const made = await this.#call(`${this.gateway}/api/commerce/shopping-cart`, { headers: { cookie: `crumb=${CRUMB}` } });
      const cart = made?.headers
        .getSetCookie()
        .find((c) => c.startsWith('ss_cart='))
        ?.split(';')[0];
      await made?.arrayBuffer();
      if (!cart) {
        await sleep(200);
        continue;
      }
      const headers = { 'content-type': 'application/json', 'x-csrf-token': CRUMB, cookie: `crumb=${CRUMB}; ${cart}` };
      const added = await this.#call(`${this.gateway}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ itemId, sku, quantity: 1 }),
      });
      await added?.arrayBuffer();
      if (!added?.ok) {
        await sleep(200);
        continue;
      }
      const coupon = await this.#call(`${this.gateway}/api/commerce/shopping-cart/coupons`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ code: COUPON }),
      });
      await coupon?.arrayBuffer();
      if (!coupon?.ok) continue;
      // The same checkout (same key) until an answer that is not a 5xx, a 409 or no answer.
      const key = randomUUID();
      for (let attempt = 0; attempt < 40 && !(this.#stop && attempt > 20); attempt++) {
        if (attempt > 0) {
          this.#tally.checkoutRetries += 1;
          await sleep(500);
        }
        const response = await this.#call(`${this.gateway}/api/commerce/checkout`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': key },
          body: JSON.stringify({
            email: `buyer${n}@example.com`,
            shippingAddress: {
              name: 'Ada Buyer',
              line1: '1 Harbour Way',
              city: 'Portland',
              region: 'ME',
              postalCode: '04101',
              country: 'US',
            },
            ...(withGiftCard
              ? { giftCardCode: GIFT_CARD }
              : { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } }),
          }),
        });
        if (!response) continue;
        const body = (await response.json().catch(() => ({}))) as { order?: { id?: string } };
        if (response.ok && body.order?.id) {
          this.#answeredOrders.add(body.order.id);
          this.#tally.checkoutsOk += 1;
          break;
        }
        if (response.status < 500 && response.status !== 409) break;
      }
    }
  }

  async #visitor(): Promise<void> {
    let n = 0;
    while (!this.#stop) {
      const page = await this.#call(`${this.gateway}/`);
      await page?.arrayBuffer();
      const data = JSON.stringify({
        websiteId: this.site,
        url: `https://shop.example.com/p-${n++ % 50}`,
        title: 'Page',
        viewportWidth: 1280,
        viewportHeight: 800,
        userAgent: UA,
        clientDate: Date.now(),
      });
      const hit = await this.#call(`${this.gateway}/api/census/RecordHit`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
        body: new URLSearchParams({ event: '1', data, ss_cvr: randomUUID() }).toString(),
      });
      if (hit?.status === 202) {
        const accepted = ((await hit.json()) as { accepted?: number }).accepted ?? 0;
        this.#hitsAccepted += accepted;
        this.#tally.hits202 += accepted;
      } else {
        if (!hit || hit.status >= 500) this.#hitsUnanswered += 1;
        await hit?.arrayBuffer();
      }
    }
  }
}

/** The end state as lines (the bench prints them, the test shows them when it fails). */
export function describeEnd(end: EndState): string[] {
  return [
    `orders by status: ${Object.entries(end.ordersByStatus)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')}`,
    `checkouts answered 2xx: ${end.answered}; paid orders: ${end.paid}; paid but answered failure/none: ${end.paidNotAnswered}; answered but not paid: ${end.answeredNotPaid}; keys with two orders: ${end.keysWithTwoOrders}`,
    `stock sold: ${end.stockSold} (in paid orders ${end.soldInPaidOrders}); coupon uses: ${end.couponUses} (paid orders with it ${end.ordersWithCoupon}); gift card spent: ${end.giftCardSpent} cents (in paid orders ${end.giftCardInPaidOrders})`,
    `events: cart entries ${end.cartEntries}, adds counted by analytics ${end.analyticsAdds}; paid orders ${end.paid}, in the customers read model ${end.customerOrders}`,
    `pending orders past lease: ${end.pendingPastLease}; idempotency keys past lease: ${end.keysPastLease}`,
    `page views answered 202: ${end.hitsAccepted}; stored: ${end.hitsStored} (calls with no answer or a 5xx: ${end.hitsUnanswered})`,
    `replicas still down: ${end.replicasDown.length}${end.replicasDown.length ? ` (${end.replicasDown.join(', ')})` : ''}`,
  ];
}

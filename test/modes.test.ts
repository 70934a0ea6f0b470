// The two ways the platform is run, as processes: embedded mode (`pnpm start`) and one service's
// main in distributed mode. These are what a new user and Kubernetes see.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { freePort, waitFor } from '@sc/platform/test-kit';
import { startProcess, waitForHttp } from './helpers.js';

describe('fail fast on a bad environment', () => {
  it.each([
    [
      'services/cart/src/main.ts',
      { DATABASE_URL: 'nonsense' },
      'Invalid environment: DATABASE_URL must be a postgres:// URL (got "nonsense")',
    ],
    [
      'gateway/src/main.ts',
      { CART_URL: 'ftp://x' },
      'Invalid environment: CART_URL must be an http(s):// URL, or a comma list of them (got "ftp://x")',
    ],
    [
      'scripts/start-embedded.ts',
      { NATS_URL: 'localhost:4222' },
      'Invalid environment: NATS_URL must be a nats:// URL (got "localhost:4222")',
    ],
  ])(
    '%s exits 1 with one clear line',
    async (entry, env, line) => {
      const run = startProcess(entry, env);
      const code = await run.exited;
      expect(code).toBe(1);
      expect(run.output().trim()).toBe(line);
    },
    30_000,
  );
});

// How fast each mode starts is measured by bench/startup (goal: 15 s), not here: a test that
// times itself fails whenever the machine is busy with something else. These wait generously.
const START_WAIT_MS = 120_000;

describe('embedded mode (pnpm start)', () => {
  it(
    'answers on the gateway, serves a cart, and stops cleanly on Ctrl-C',
    async () => {
      const port = await freePort();
      const metricsPort = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sc-embedded-'));
      // The embedded defaults: no server URLs at all.
      const run = startProcess('scripts/start-embedded.ts', {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NATS_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        METRICS_PORT: String(metricsPort),
      });
      try {
        const response = await waitForHttp(`http://127.0.0.1:${port}/api/commerce/shopping-cart`, START_WAIT_MS);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ entries: [], grandTotalCents: 0 });
        // The one process serves every service's metrics on METRICS_PORT; the public port has none.
        const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        expect(metrics).toMatch(
          /http_server_request_duration_seconds_count\{service="gateway",method="GET",route="[^"]*",status_code="200"\} [1-9]/,
        );
        expect(metrics).toMatch(
          /http_server_request_duration_seconds_count\{service="cart",method="GET",route="\/api\/commerce\/shopping-cart",status_code="200"\} [1-9]/,
        );
        for (const service of ['cart', 'forms', 'restock', 'identity', 'analytics', 'content', 'render'])
          expect(metrics).toContain(`outbox_backlog_events{service="${service}"}`);
        expect(metrics).toContain('nodejs_eventloop_lag_seconds');
        expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
        // The line is printed once the home page answers (which can be after the cart does).
        await waitFor(() => run.output().includes('Site builder (embedded mode) is running'), START_WAIT_MS, 'the start line');
        expect(run.output()).toContain(`Site builder (embedded mode) is running at http://localhost:${port}`);
        expect(run.output()).toContain(`PGlite in ${dataDir}/pg`);
      } finally {
        run.child.kill('SIGINT');
      }
      expect(await run.exited).toBe(0);
      expect(run.output()).not.toMatch(/"level":(50|60)/);
    },
    START_WAIT_MS + 30_000,
  );
});

describe('graceful shutdown', () => {
  it(
    'lets an in-flight request finish on SIGTERM, then exits 0 and refuses new connections',
    async () => {
      const port = await freePort();
      const run = startProcess('test/fixtures/slow-service.ts', {
        PORT: String(port),
        DATA_DIR: ':memory:',
        LOG_LEVEL: 'info',
        SLOW_MS: '1500',
        DATABASE_URL: '',
        NATS_URL: '',
        REDIS_URL: '',
      });
      try {
        await waitForHttp(`http://127.0.0.1:${port}/healthz`, START_WAIT_MS);
        const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        run.child.kill('SIGTERM');
        const response = await inFlight;
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ finished: true });
        const code = await run.exited;
        expect({ code, output: run.output() }).toEqual({ code: 0, output: expect.stringContaining('stopped cleanly') });
        await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      } finally {
        run.child.kill('SIGKILL');
      }
    },
    START_WAIT_MS + 30_000,
  );
});

// `pnpm start:cluster` needs Postgres, NATS and Redis, so this part exists only in runs that have
// their URLs (CI's first half); the embedded half covers `pnpm start` above.
const servers = process.env.DATABASE_URL && process.env.NATS_URL && process.env.REDIS_URL;

if (servers) {
  describe('cluster mode (pnpm start:cluster)', () => {
    it(
      'answers on the gateway, serves a cart from its own process, and stops them all on Ctrl-C',
      async () => {
        const port = await freePort();
        const started = Date.now();
        const metricsPort = 19464;
        const run = startProcess('scripts/start-cluster.ts', { PORT: String(port), LOG_LEVEL: 'warn', METRICS_PORT: String(metricsPort) });
        try {
          // The gateway starts beside the services and answers first.
          const gateway = await waitForHttp(`http://127.0.0.1:${port}/healthz`, START_WAIT_MS);
          expect(gateway.status).toBe(200);
          // Then the cart, through the gateway, once its own process has migrated and listens.
          let cart: Response | undefined;
          while (Date.now() - started < START_WAIT_MS) {
            cart = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart`);
            if (cart.status === 200) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          expect(cart?.status).toBe(200);
          expect(await cart?.json()).toMatchObject({ entries: [], grandTotalCents: 0 });
          // Each service answers on its own port, from its own process.
          for (const port of [4101, 4102, 4103, 4104, 4105, 4106, 4107]) {
            let ready = 0;
            while (ready !== 200 && Date.now() - started < START_WAIT_MS) {
              ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
                (r) => r.status,
                () => 0,
              );
              if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
            }
            expect({ port, ready }).toEqual({ port, ready: 200 });
          }
          // Every process has its /metrics: the gateway on METRICS_PORT, the services after it.
          for (const [i, service] of ['gateway', 'cart', 'forms', 'restock', 'identity', 'analytics', 'content', 'render'].entries()) {
            const text = await fetch(`http://127.0.0.1:${metricsPort + i}/metrics`).then(
              (r) => r.text(),
              () => '',
            );
            expect({ service, counted: text.includes(`service="${service}"`) }).toEqual({ service, counted: true });
          }
          expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
        } finally {
          run.child.kill('SIGINT');
        }
        expect(await run.exited).toBe(0);
        await expect(fetch('http://127.0.0.1:4101/healthz')).rejects.toThrow();
      },
      START_WAIT_MS + 60_000,
    );
  });
}

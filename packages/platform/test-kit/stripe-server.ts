// A small Stripe-API-shaped HTTP server for tests without internet: the `stripe` SDK is pointed at
// it with `host`/`port`/`protocol: 'http'`. It keeps PaymentIntents, charges and refunds in memory,
// honours Idempotency-Key as Stripe does (same key and body: the first answer again; same key,
// other body: 400), and records the events Stripe would send so a test can sign and deliver them.
// What a buyer does in the browser (the Payment Element confirming with a card) is `confirm()`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  latest_charge: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  next_action: { type: string } | null;
  created: number;
  livemode: false;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: unknown };
}

/** Test payment methods, named as Stripe's test tokens are. */
export const TEST_PAYMENT_METHODS = {
  visa: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  /** 3-D Secure: the intent needs the buyer's action before it can succeed. */
  authenticationRequired: 'pm_card_authenticationRequired',
} as const;

type Params = Record<string, unknown>;

/** Parses Stripe's form encoding (`a=1&b[c]=2&d[0]=x`) into nested objects. */
function parseForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Params = out;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      node[key] ??= {};
      node = node[key] as Params;
    }
    node[path.at(-1)!] = value;
  }
  return out;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; decline_code?: string; message: string },
  ) {
    super(body.message);
  }
}

export class FakeStripeServer {
  readonly intents = new Map<string, FakeIntent>();
  readonly charges = new Map<
    string,
    {
      id: string;
      payment_intent: string;
      amount: number;
      amount_refunded: number;
      currency: string;
      refunds: Array<{ id: string; amount: number; status: string; metadata: unknown }>;
    }
  >();
  /** Every event Stripe would have sent, oldest first. */
  readonly events: FakeEvent[] = [];
  /** Every request the server answered (method, path, parsed body): what our server sent Stripe. */
  readonly requests: Array<{ method: string; path: string; body: Params; idempotencyKey: string | undefined }> = [];
  readonly #idempotent = new Map<string, { body: string; status: number; answer: string }>();
  readonly #server: Server;
  /** Make the next N API calls fail with 500 (an outage). */
  failNext = 0;

  constructor() {
    this.#server = createServer((request, response) => void this.#handle(request, response));
  }

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return this.options;
  }

  get options(): { host: string; port: number; protocol: 'http' } {
    return { host: '127.0.0.1', port: (this.#server.address() as AddressInfo).port, protocol: 'http' };
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The events of one type about one object id, oldest first. */
  eventsFor(objectId: string, type?: string): FakeEvent[] {
    return this.events.filter((e) => (e.data.object as { id: string }).id === objectId && (!type || e.type === type));
  }

  /** What the Payment Element does when the buyer pays: confirms the intent with a payment method. */
  confirm(intentId: string, paymentMethod: string): FakeIntent {
    return this.#confirm(this.#intent(intentId), paymentMethod, false);
  }

  /** The buyer completes 3-D Secure: an intent waiting for action succeeds. */
  completeAction(intentId: string): FakeIntent {
    const intent = this.#intent(intentId);
    if (intent.status !== 'requires_action') throw new Error(`intent ${intentId} is ${intent.status}`);
    return this.#succeed(intent);
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'] as string | undefined;
    const body = parseForm(method === 'GET' ? url.search.slice(1) : raw);
    this.requests.push({ method, path: url.pathname, body, idempotencyKey: key });
    const send = (status: number, answer: string) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(answer);
    };
    if (!(request.headers.authorization ?? '').startsWith('Bearer sk_')) {
      send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
      return;
    }
    if (this.failNext > 0) {
      this.failNext--;
      send(500, JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on our end.' } }));
      return;
    }
    const scope = key ? `${method} ${url.pathname} ${key}` : undefined;
    if (scope) {
      const seen = this.#idempotent.get(scope);
      if (seen) {
        if (seen.body !== raw) {
          send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            }),
          );
        } else send(seen.status, seen.answer);
        return;
      }
    }
    let status = 200;
    let answer: string;
    try {
      answer = JSON.stringify(this.#route(method, url.pathname, body));
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      answer = JSON.stringify({ error: error.body });
    }
    if (scope) this.#idempotent.set(scope, { body: raw, status, answer });
    send(status, answer);
  }

  #route(method: string, path: string, body: Params): unknown {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1')
      throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    const [, resource, objectId, action] = parts;
    if (resource === 'payment_intents') {
      if (method === 'POST' && !objectId) return this.#createIntent(body);
      const intent = this.#intent(objectId!);
      if (method === 'GET' && !action) return intent;
      if (method === 'POST' && action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          });
        }
        intent.status = 'canceled';
        this.#emit('payment_intent.canceled', intent);
        return intent;
      }
      if (method === 'POST' && action === 'confirm')
        return this.#confirm(intent, str(body.payment_method) || (intent.payment_method ?? ''), body.off_session === 'true');
    }
    if (resource === 'refunds' && method === 'POST' && !objectId) return this.#refund(body);
    if (resource === 'customers' && method === 'POST' && !objectId)
      return { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  #createIntent(body: Params): FakeIntent {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw new StripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', message: 'Invalid integer: amount' });
    if (typeof body.currency !== 'string' || !/^[a-z]{3}$/.test(body.currency))
      throw new StripeError(400, { type: 'invalid_request_error', message: 'Invalid currency' });
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: body.currency,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      description: (body.description as string | undefined) ?? null,
      customer: (body.customer as string | undefined) ?? null,
      payment_method: (body.payment_method as string | undefined) ?? null,
      setup_future_usage: (body.setup_future_usage as string | undefined) ?? null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      created: now(),
      livemode: false,
    };
    this.intents.set(intentId, intent);
    this.#emit('payment_intent.created', intent);
    if (body.confirm === 'true') return this.#confirm(intent, str(body.payment_method), body.off_session === 'true');
    return intent;
  }

  #intent(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent)
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${intentId}'`,
      });
    return intent;
  }

  #confirm(intent: FakeIntent, paymentMethod: string, offSession: boolean): FakeIntent {
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}.`,
      });
    }
    intent.payment_method = paymentMethod;
    const decline = (code: string, decline_code: string, message: string) => {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code, decline_code, message };
      this.#emit('payment_intent.payment_failed', intent);
      throw new StripeError(402, { type: 'card_error', code, decline_code, message });
    };
    switch (paymentMethod) {
      case TEST_PAYMENT_METHODS.visa:
        return this.#succeed(intent);
      case TEST_PAYMENT_METHODS.authenticationRequired:
        if (offSession)
          return decline(
            'authentication_required',
            'authentication_required',
            'Your card was declined. This transaction requires authentication.',
          );
        intent.status = 'requires_action';
        intent.next_action = { type: 'use_stripe_sdk' };
        this.#emit('payment_intent.requires_action', intent);
        return intent;
      default:
        return decline('card_declined', 'generic_decline', 'Your card was declined.');
    }
  }

  #succeed(intent: FakeIntent): FakeIntent {
    const charge = {
      id: id('ch'),
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      refunds: [],
    };
    this.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    intent.next_action = null;
    this.#emit('payment_intent.succeeded', intent);
    return intent;
  }

  #refund(body: Params) {
    const intent = this.#intent(str(body.payment_intent));
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: 'This PaymentIntent has no successful charge to refund.',
      });
    const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > charge.amount - charge.amount_refunded) {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge.`,
      });
    }
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      payment_intent: intent.id,
      charge: charge.id,
      status: 'succeeded',
      metadata: body.metadata ?? {},
    };
    charge.amount_refunded += amount;
    charge.refunds.push({ id: refund.id, amount, status: 'succeeded', metadata: refund.metadata });
    this.#emit('charge.refunded', {
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_refunded: charge.amount_refunded,
      currency: charge.currency,
      payment_intent: intent.id,
      refunded: charge.amount_refunded === charge.amount,
      refunds: {
        object: 'list',
        data: charge.refunds.map((r) => ({
          ...r,
          object: 'refund',
          charge: charge.id,
          payment_intent: intent.id,
          currency: charge.currency,
        })),
      },
    });
    return refund;
  }

  #emit(type: string, object: unknown): void {
    // A snapshot, as Stripe's events are: later changes to the object do not alter a sent event.
    this.events.push({
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      api_version: '2025-01-01',
      livemode: false,
      data: { object: structuredClone(object) },
    });
  }
}

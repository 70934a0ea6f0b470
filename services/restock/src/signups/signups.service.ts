// Waitlists: visitors sign up for a variant; owners (or a back-in-stock event, when the owner
// turned automatic notification on) send the notification. Each signup's mail is enqueued in the
// same transaction that marks it notified, keyed by the signup id: pressing send twice, two
// owners at once, or a crash and restart mid-send can never mail a signup twice.
import { restockEmailError, restockSuccessText, type RestockSignupBody } from '@sc/contracts';
import {
  AppError,
  type Captcha,
  DEFAULT_PUBLIC_URL,
  enqueueEvent,
  enqueueMail,
  isWebsiteDomain,
  renderMail,
  websiteOrigin,
  type MailRelay,
  type Page,
  type ServiceContext,
} from '@sc/platform';
import type { CatalogRepository } from '../catalog/catalog.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Db, RestockDB } from '../tables.js';
import type { GroupRow, SignupsRepository } from './signups.repository.js';

export interface Visitor {
  websiteId: string;
  ip: string;
  /** The public origin the visitor used (links in the newsletter confirmation mail point there). */
  origin: string;
}

export type SendTrigger = 'owner' | 'back-in-stock';

/** What the waitlists work with (built once in module.ts). */
export interface RestockDeps {
  captcha: Captcha;
  mail: MailRelay;
  settings: SettingsService;
  signups: SignupsRepository;
  catalog: CatalogRepository;
}

export class RestockService {
  readonly #ctx: ServiceContext<RestockDB>;
  readonly #captcha: Captcha;
  readonly #mail: MailRelay;
  readonly #settings: SettingsService;
  readonly #signups: SignupsRepository;
  readonly #catalog: CatalogRepository;

  constructor(ctx: ServiceContext<RestockDB>, deps: RestockDeps) {
    this.#ctx = ctx;
    this.#captcha = deps.captcha;
    this.#mail = deps.mail;
    this.#settings = deps.settings;
    this.#signups = deps.signups;
    this.#catalog = deps.catalog;
  }

  /** The built-in captcha's challenge for the restock form (solved in the browser). */
  challenge(websiteId: string) {
    return this.#captcha.pow.issue(websiteId);
  }

  /** One page of the (product, variant) groups that have signups. */
  groups(websiteId: string, page: { cursor?: string; limit: number }): Promise<Page<GroupRow>> {
    return this.#signups.listGroups(websiteId, page);
  }

  /** One page of the signups of a product variant. */
  signups(websiteId: string, productId: string, variantId: string, page: { cursor?: string; limit: number }) {
    return this.#signups.list(websiteId, productId, variantId, page);
  }

  /** Signups waiting and the products they wait for, for the admin Home. */
  summary(websiteId: string): Promise<{ waiting: number; products: number }> {
    return this.#signups.waitingSummary(websiteId);
  }

  /** SPEC 7 POST .../restock: SPEC 5 email rules, the captcha when the site asks for one. */
  async signUp(visitor: Visitor, body: RestockSignupBody): Promise<string> {
    const problem = restockEmailError(body.siteVisitorEmail);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { fields: { siteVisitorEmail: problem } });
    const settings = await this.#settings.get(visitor.websiteId);
    if (settings.captchaEnabled) {
      await this.#captcha.require(body.captchaToken ?? body.recaptchaEnterpriseV3Token, {
        websiteId: visitor.websiteId,
        remoteIp: visitor.ip,
      });
    }
    const email = body.siteVisitorEmail.trim();
    await this.#ctx.transaction(async (trx) => {
      const id = await this.#signups.with(trx).upsert({
        websiteId: visitor.websiteId,
        productId: body.productId,
        variantId: body.variantId,
        email,
        language: body.language ?? null,
        isJoinMailingList: settings.mailingListEnabled && body.isJoinMailingList,
      });
      if (id) {
        await enqueueEvent(trx, 'restock.signup.created', visitor.websiteId, {
          signupId: id,
          productId: body.productId,
          variantId: body.variantId,
          email,
          isJoinMailingList: settings.mailingListEnabled && body.isJoinMailingList,
          language: body.language ?? null,
          siteOrigin: visitor.origin,
        });
      }
    });
    return restockSuccessText(settings);
  }

  /** Sends the notification of one variant's waiting signups; answers how many were queued. */
  async send(websiteId: string, requests: ReadonlyArray<{ productId: string; variantId: string }>, trigger: SendTrigger): Promise<number> {
    let queued = 0;
    // One transaction per variant: a large send-all does not hold every row lock at once.
    for (const request of requests) {
      queued += await this.#ctx.transaction((trx) => this.#sendVariant(trx, websiteId, request.productId, request.variantId, trigger));
    }
    if (queued > 0) this.#mail.poke();
    return queued;
  }

  async #sendVariant(trx: Db, websiteId: string, productId: string, variantId: string, trigger: SendTrigger): Promise<number> {
    const signups = await this.#signups.with(trx).claimWaiting(websiteId, productId, variantId);
    if (signups.length === 0) return 0;
    const catalog = this.#catalog.with(trx);
    const product = await catalog.productOf(websiteId, productId);
    const website = await catalog.websiteOf(websiteId);
    const name = product?.title ?? 'An item you asked about';
    const variant = product
      ? (typeof product.variants === 'string' ? (JSON.parse(product.variants) as Record<string, { label: string }>) : product.variants)[
          variantId
        ]
      : undefined;
    // The website's domain under PUBLIC_URL's scheme and port (never a request's Host).
    const domain = website?.domain?.split(':')[0];
    const origin = isWebsiteDomain(domain) ? websiteOrigin(this.#ctx.config.PUBLIC_URL ?? DEFAULT_PUBLIC_URL, domain) : '';
    const link = product ? `${origin}${product.full_url}` : '';
    const shop = website?.title ?? 'our shop';
    // The shop's mail template (site name, both parts); a relative link cannot be a button.
    const mail = renderMail(
      { siteName: shop },
      {
        subject: `${name} is back in stock`,
        heading: `${name} is back in stock`,
        blocks: [
          { kind: 'paragraph', text: `Good news: ${name}${variant?.label ? ` (${variant.label})` : ''} is back in stock at ${shop}.` },
          ...(origin && link
            ? [{ kind: 'button' as const, label: 'Get it here', url: link }]
            : link
              ? [{ kind: 'paragraph' as const, text: `Get it here: ${link}` }]
              : []),
        ],
        footer: 'You are receiving this email because you asked to be told when it was available again.',
      },
    );
    for (const signup of signups) {
      await enqueueMail(trx, {
        idempotencyKey: `restock:${signup.id}`,
        websiteId,
        kind: 'restock.notification',
        to: signup.email,
        ...mail,
      });
    }
    await enqueueEvent(trx, 'restock.notifications.queued', websiteId, { productId, variantId, count: signups.length, trigger });
    return signups.length;
  }
}

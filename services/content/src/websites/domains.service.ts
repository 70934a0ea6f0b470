// Custom domains (issue 34): an owner adds a domain (unique across websites), which is pending
// until verified: a DNS TXT record `_sitebuilder-verify.<domain>` holding `sitebuilder-verify=<token>`,
// or the token in a file at `http://<domain>/.well-known/sitebuilder-verify.txt` that the owner
// serves from their current host. The platform never serves that file itself, so a domain that
// already points here (a deleted website's, say) cannot be claimed by someone else. Only verified
// domains are served (websiteIdByDomain) and announced to the other services.
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import {
  DOMAIN_VERIFY_LABEL,
  DOMAIN_VERIFY_PATH,
  DomainMessages,
  formatMessage,
  type CustomDomain,
  type CustomDomainList,
} from '@sc/contracts';
import { AppError, type ServiceContext } from '@sc/platform';
import type { WebsiteSettings } from '../config.js';
import { directEvents, type ContentEvents } from '../shared/cache-first-outbox.js';
import { isUniqueViolation, websiteNotFound } from '../shared/errors.js';
import type { ContentDB } from '../tables.js';
import type { Db } from '../shared/db.js';
import {
  deleteDomain,
  domainRows,
  findWebsite,
  insertPendingDomain,
  markVerified,
  verifiedDomainsOf,
  type DomainRow,
} from './websites.repository.js';

/** How a domain's proof is looked up: DNS TXT records, and the HTTP file. */
export interface DomainVerifier {
  txt(name: string): Promise<string[]>;
  /** The file's text at the domain (trimmed, at most 200 characters), undefined when there is none. */
  httpFile(domain: string): Promise<string | undefined>;
}

/** The real lookups; `httpPort` is 80 but for development set-ups (DOMAIN_VERIFY_HTTP_PORT). */
export function networkVerifier(httpPort = 80): DomainVerifier {
  // A slow or unreachable DNS server answers "not found" in two seconds, not c-ares' default 20.
  const resolver = new Resolver({ timeout: 2_000, tries: 1 });
  return {
    txt: async (name) => (await resolver.resolveTxt(name).catch(() => [] as string[][])).map((chunks) => chunks.join('')),
    httpFile: async (domain) => {
      try {
        const response = await fetch(`http://${domain}${httpPort === 80 ? '' : `:${httpPort}`}${DOMAIN_VERIFY_PATH}`, {
          redirect: 'manual',
          signal: AbortSignal.timeout(3_000),
        });
        if (!response.ok) return undefined;
        return (await response.text()).slice(0, 200).trim();
      } catch {
        return undefined;
      }
    },
  };
}

export const newVerificationToken = (): string => randomBytes(16).toString('base64url');

export class DomainService {
  constructor(
    private readonly ctx: ServiceContext<ContentDB>,
    private readonly settings: Pick<WebsiteSettings, 'baseDomain' | 'publicUrl'>,
    private readonly verifier: DomainVerifier,
    private readonly events: ContentEvents = directEvents,
  ) {}

  async list(websiteId: string): Promise<CustomDomainList> {
    if (!(await findWebsite(this.ctx.db, websiteId))) throw websiteNotFound();
    return { domains: (await domainRows(this.ctx.db, websiteId)).map((row) => this.#view(row)) };
  }

  /** Adds a pending domain; one another website has (or a platform address) is refused. */
  async add(websiteId: string, domain: string): Promise<CustomDomain> {
    if (domain === this.settings.baseDomain || domain.endsWith(`.${this.settings.baseDomain}`)) {
      throw new AppError('CONFLICT', formatMessage(DomainMessages.taken, { domain }), { fields: { domain: 'taken' } });
    }
    if (!(await findWebsite(this.ctx.db, websiteId))) throw websiteNotFound();
    const token = newVerificationToken();
    try {
      await insertPendingDomain(this.ctx.db, websiteId, domain, token);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', formatMessage(DomainMessages.taken, { domain }), { fields: { domain: 'taken' } });
      throw error;
    }
    return this.#view({ domain, kind: 'custom', verified_at: null, verification_token: token });
  }

  /** Looks for the domain's proof; found, the domain is served from now on (422 when not found). */
  async verify(websiteId: string, domain: string): Promise<CustomDomain> {
    const row = (await domainRows(this.ctx.db, websiteId)).find((r) => r.domain === domain);
    if (!row) throw new AppError('NOT_FOUND', formatMessage(DomainMessages.notFound, { domain }));
    if (row.verified_at) return this.#view(row);
    const token = row.verification_token ?? '';
    const proven =
      (await this.verifier.httpFile(domain)) === token ||
      (await this.verifier.txt(`${DOMAIN_VERIFY_LABEL}.${domain}`)).includes(`sitebuilder-verify=${token}`);
    if (!proven) throw new AppError('UNPROCESSABLE', formatMessage(DomainMessages.notVerified, { domain }));
    await this.#announce(websiteId, (trx) => markVerified(trx, websiteId, domain));
    return this.#view({ ...row, verified_at: new Date(), verification_token: null });
  }

  async remove(websiteId: string, domain: string): Promise<void> {
    const row = (await domainRows(this.ctx.db, websiteId)).find((r) => r.domain === domain);
    if (!row) throw new AppError('NOT_FOUND', formatMessage(DomainMessages.notFound, { domain }));
    if (row.kind === 'address') throw new AppError('CONFLICT', DomainMessages.addressFixed);
    await this.#announce(websiteId, (trx) => deleteDomain(trx, websiteId, domain));
  }

  /** A change of the served domains and its event, in one transaction. */
  async #announce(websiteId: string, change: (trx: Db) => Promise<void>): Promise<void> {
    await this.ctx.transaction(async (trx) => {
      const website = await findWebsite(trx, websiteId);
      if (!website) throw websiteNotFound();
      const previousDomains = await verifiedDomainsOf(trx, websiteId);
      await change(trx);
      const domains = await verifiedDomainsOf(trx, websiteId);
      await this.events.enqueue(trx, 'content.website.updated', websiteId, {
        title: website.title,
        templateId: website.template_id,
        domains,
        previousDomains,
      });
    });
  }

  #view(row: DomainRow): CustomDomain {
    const pointTo = new URL(this.settings.publicUrl).hostname;
    return {
      domain: row.domain,
      kind: row.kind === 'address' ? 'address' : 'custom',
      verified: row.verified_at !== null,
      verification:
        row.verified_at !== null
          ? null
          : {
              txtRecord: { name: `${DOMAIN_VERIFY_LABEL}.${row.domain}`, value: `sitebuilder-verify=${row.verification_token ?? ''}` },
              httpFile: { url: `http://${row.domain}${DOMAIN_VERIFY_PATH}`, body: row.verification_token ?? '' },
              pointTo,
            },
    };
  }
}

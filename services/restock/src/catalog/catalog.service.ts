// The catalog read model: content's products and websites (names and links for the mail), each
// event applied once (handleOnce).
import { ContentProductDeleted, ContentProductUpserted, ContentWebsiteChanged, type EventEnvelope } from '@sc/contracts';
import { handleOnce, type ServiceContext } from '@sc/platform';
import type { RestockDB } from '../tables.js';
import type { CatalogRepository } from './catalog.repository.js';

/** The handled-events name of the catalog events (and the durable consumer's). */
export const RESTOCK_CONSUMER = 'restock-catalog';

export class CatalogService {
  readonly #ctx: ServiceContext<RestockDB>;
  readonly #catalog: CatalogRepository;

  constructor(ctx: ServiceContext<RestockDB>, catalog: CatalogRepository) {
    this.#ctx = ctx;
    this.#catalog = catalog;
  }

  /** Applies one content event to the read model (idempotent). */
  async apply(event: EventEnvelope): Promise<void> {
    await handleOnce(this.#ctx.db, RESTOCK_CONSUMER, event, async (trx) => {
      const catalog = this.#catalog.with(trx);
      switch (event.type) {
        case 'content.product.upserted':
          return catalog.upsertProduct(event.websiteId, ContentProductUpserted.parse(event.data));
        case 'content.product.deleted': {
          const data = ContentProductDeleted.parse(event.data);
          return catalog.markProductDeleted(event.websiteId, data.productId, data.version);
        }
        case 'content.website.created':
        case 'content.website.updated': {
          const data = ContentWebsiteChanged.parse(event.data);
          return catalog.upsertWebsite(event.websiteId, data.title, data.domains[0] ?? null);
        }
        default:
          return;
      }
    });
  }
}

// Websites made by owners from a starting design (issue 34): the website with its address
// `<slug>.<BASE_DOMAIN>`, then the design's pictures, purpose collection and sample items, pages,
// navigation, header and footer, written through the same services as owner edits (so the cart,
// render and search learn them from the same events). Switching design later re-applies the
// look only: site styles, the header and footer's look and each page's sections; every block,
// item, title and text the owner has stays.
import { randomUUID } from 'node:crypto';
import {
  CollectionType,
  DEFAULT_HEADER_FOOTER,
  ItemBody,
  MAIN_NAVIGATION,
  WebsiteMessages,
  formatMessage,
  type CreateWebsiteBody,
  type CreatedWebsite,
  type DesignId,
  type DesignList,
  type Layout,
  type Website,
} from '@sc/contracts';
import { AppError, websiteOrigin } from '@sc/platform';
import type { WebsiteSettings } from '../config.js';
import { STARTING_DESIGNS, designList, purposeItemBody, sectionsFor, slugOfName, type StartingDesign } from '../domain/designs.js';
import type { ServiceContext } from '@sc/platform';
import type { CollectionService } from '../collections/collections.service.js';
import type { ItemService } from '../items/items.service.js';
import type { NavigationService } from '../navigation/navigation.service.js';
import type { PublicCache } from '../shared/public-cache.js';
import type { SiteDocumentService } from '../site/site-documents.service.js';
import type { ContentDB } from '../tables.js';
import type { WebsiteService } from './websites.service.js';
import { isUniqueViolation } from '../shared/errors.js';
import type { DesignPictures } from './design-pictures.js';
import { domainInUse, setDesign } from './websites.repository.js';

/** The module's parts a design is written through (module.ts). */
interface Parts {
  ctx: ServiceContext<ContentDB>;
  websites: WebsiteService;
  collections: CollectionService;
  items: ItemService;
  navigation: NavigationService;
  documents: SiteDocumentService;
  cache: PublicCache;
}

/** Address labels an owner cannot take: the platform's own, and the gallery's showcase websites. */
const RESERVED = /^(?:www|api|admin|app|mail|static|assets|config|design-.*)$/;

/** The showcase website of a design: the gallery's live preview is its home page. */
export const showcaseId = (design: DesignId): string => `design-${design}`;

export class WebsiteDesignService {
  readonly #parts: Parts;
  readonly #pictures: DesignPictures;
  readonly #settings: WebsiteSettings;

  constructor(parts: Parts, pictures: DesignPictures, settings: WebsiteSettings) {
    this.#parts = parts;
    this.#pictures = pictures;
    this.#settings = settings;
  }

  /** The address of a domain: PUBLIC_URL's scheme and port with the domain. */
  addressOf(domain: string): string {
    return websiteOrigin(this.#settings.publicUrl, domain);
  }

  /** The designs with the live preview of each (its showcase website's home page). */
  designs(): DesignList {
    return {
      designs: designList().map((design) => ({
        id: design.id,
        name: design.name,
        purpose: design.purpose,
        description: design.description,
        previewUrl: `${this.addressOf(`${showcaseId(design.id)}.${this.#settings.baseDomain}`)}/`,
        previewPath: `/_designs/${design.id}/`,
      })),
    };
  }

  /** Makes every design's showcase website that is missing (the gallery's previews). */
  async ensureShowcases(): Promise<void> {
    for (const design of designList()) {
      if (await this.#parts.websites.exists(showcaseId(design.id))) continue;
      try {
        await this.#build(design, {
          id: showcaseId(design.id),
          name: design.name,
          domain: `${showcaseId(design.id)}.${this.#settings.baseDomain}`,
        });
      } catch (error) {
        // Another replica made it at the same moment.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /** A new website from a design, its creating owner made its admin (identity, from the event). */
  async create(ownerId: string, body: CreateWebsiteBody): Promise<CreatedWebsite> {
    const design = STARTING_DESIGNS[body.design];
    const domain = await this.#freeDomain(body.slug, body.name);
    try {
      const website = await this.#build(design, { id: randomUUID(), name: body.name, domain, ownerId });
      return { website, design: design.id, address: this.addressOf(domain) };
    } catch (error) {
      // Two owners asking for the same address at once: the second finds it taken.
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', formatMessage(WebsiteMessages.slugTaken, { slug: domain.split('.')[0] ?? domain }), {
          fields: { slug: 'taken' },
        });
      throw error;
    }
  }

  /** Re-applies a design's look; the owner's blocks, items and texts stay. */
  async switchDesign(websiteId: string, designId: DesignId): Promise<Website> {
    const design = STARTING_DESIGNS[designId];
    const { ctx, websites, collections, documents } = this.#parts;
    await websites.updateSettings(websiteId, { styles: design.styles, colors: { accent: design.styles.accent ?? '#000000' } });
    const { header, footer } = design;
    await documents.updateHeaderFooter(websiteId, {
      header: { alignment: header.alignment, sticky: header.sticky, backgroundColor: header.backgroundColor, textColor: header.textColor },
      footer: { backgroundColor: footer.backgroundColor, textColor: footer.textColor },
    });
    const looks = new Map(design.pages.map((page) => [page.urlId, page.sections]));
    const fallback = design.pages.find((page) => page.key === 'about')!.sections;
    for (const page of await collections.pageLayouts(websiteId)) {
      const blocks = (page.layout as Layout | null)?.blocks ?? [];
      const layout: Layout = { blocks, sections: sectionsFor(looks.get(page.urlId) ?? fallback, blocks.length) };
      await collections.update(websiteId, page.id, { layout }, 'content');
    }
    await setDesign(ctx.db, websiteId, design.id);
    await this.#parts.cache.bump(websiteId);
    return websites.get(websiteId);
  }

  /** `<slug>.<BASE_DOMAIN>` for the slug asked for (taken: 409), or one made from the name. */
  async #freeDomain(slug: string | undefined, name: string): Promise<string> {
    const base = this.#settings.baseDomain;
    const { db } = this.#parts.ctx;
    if (slug !== undefined) {
      if (RESERVED.test(slug) || (await domainInUse(db, `${slug}.${base}`))) {
        throw new AppError('CONFLICT', formatMessage(WebsiteMessages.slugTaken, { slug }), { fields: { slug: 'taken' } });
      }
      return `${slug}.${base}`;
    }
    const stem = slugOfName(name).replace(/^design-/, 'site-');
    for (let n = 1; n <= 20; n++) {
      const candidate = n === 1 ? stem : `${stem}-${n}`;
      if (!RESERVED.test(candidate) && !(await domainInUse(db, `${candidate}.${base}`))) return `${candidate}.${base}`;
    }
    return `${stem}-${randomUUID().slice(0, 6)}.${base}`;
  }

  async #build(design: StartingDesign, site: { id: string; name: string; domain: string; ownerId?: string }): Promise<Website> {
    const { websites, collections, items, navigation, documents } = this.#parts;
    const websiteId = site.id;
    const created = await websites.create({
      id: websiteId,
      title: site.name,
      templateId: design.id,
      address: site.domain,
      design: design.id,
      ...(site.ownerId ? { createdBy: site.ownerId, maxPerOwner: this.#settings.websitesPerOwner } : {}),
      settings: { styles: design.styles, colors: { accent: design.styles.accent ?? '#000000' } },
    });
    const images = await this.#pictures.store(websiteId, design);
    const picture = (name: string) => images[name] ?? Object.values(images)[0]!;

    // The design's purpose: a shop, a menu or portfolio gallery, a journal, classes or events.
    const { kind, title, urlId } = design.collection;
    const purpose =
      kind === 'store'
        ? (
            await collections.createStoreFromInput(websiteId, {
              storeTitle: title,
              addToMainNav: false,
              fallbackStoreTitle: 'Store',
              allCategoryDisplayName: 'All',
              websiteId,
              templateId: design.id,
              isSevenOne: false,
              storeUrls: [],
            })
          ).collection
        : await collections.create(
            websiteId,
            kind === 'gallery'
              ? { type: CollectionType.SLIDE_GALLERY, title, urlId }
              : { type: CollectionType.GENERIC, kind, title, urlId },
          );
    if (kind === 'store' && purpose.urlId !== urlId) await collections.update(websiteId, purpose.id, { urlId }, 'store');
    const now = Date.now();
    for (const item of design.collection.items) {
      await items.create(
        websiteId,
        purpose.id,
        ItemBody.parse(purposeItemBody(kind, item, now, picture(item.picture))),
        kind === 'store' ? 'store' : 'content',
      );
    }

    const refs = { picture: (name: string) => picture(name).assetUrl, collectionId: purpose.id, collectionPath: `/${urlId}` };
    const pageIds: Record<string, string> = {};
    for (const page of design.pages) {
      const blocks = page.blocks(refs);
      const made = await collections.create(websiteId, {
        type: CollectionType.PAGE,
        title: page.title,
        urlId: page.urlId,
        layout: { blocks, sections: sectionsFor(page.sections, blocks.length) },
      });
      pageIds[page.key] = made.id;
    }
    await navigation.update(websiteId, {
      fieldName: MAIN_NAVIGATION,
      templateId: design.id,
      navigation: {
        items: [
          { collectionId: pageIds.home! },
          { collectionId: purpose.id },
          { collectionId: pageIds.about! },
          { collectionId: pageIds.contact! },
        ],
      },
    });
    const { header, footer } = design;
    await documents.updateHeaderFooter(websiteId, {
      header: { ...header, showAccountLink: false, blocks: DEFAULT_HEADER_FOOTER.header.blocks },
      footer: { text: footer.text, backgroundColor: footer.backgroundColor, textColor: footer.textColor, showSocialLinks: false },
    });
    await this.#parts.cache.bump(websiteId);
    return created;
  }
}

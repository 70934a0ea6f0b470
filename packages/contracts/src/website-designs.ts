// Starting designs and new websites (issue 34): an owner picks a design, names the website and
// gets an address `<slug>.<BASE_DOMAIN>`; the content service makes the website from the design's
// data (site styles, header and footer, pages of sections and blocks, sample items and pictures)
// and the creating owner becomes its admin. The designs' data lives in the content service
// (domain/designs.ts); what the admin's gallery shows of them is here.
import { z } from 'zod';
import { Website } from './content.js';

export const DESIGN_IDS = ['shop', 'restaurant', 'portfolio', 'blog', 'studio', 'events'] as const;
export const DesignId = z.enum(DESIGN_IDS, { error: `Choose one of the designs: ${DESIGN_IDS.join(', ')}.` });
export type DesignId = z.infer<typeof DesignId>;

/** A website's address label: lower-case letters, digits and single hyphens, 3-40 long. */
export const WebsiteSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,38}[a-z0-9]$/,
    'Use 3 to 40 letters, digits or hyphens for the address, such as my-bakery.',
  );

export const CreateWebsiteBody = z
  .object({
    /** The website's title (shown in its header and the admin). */
    name: z.string().trim().min(1, 'Give the website a name.').max(100, 'A website name can be at most 100 characters.'),
    design: DesignId,
    /** The address label; made from the name when left out (a number is added when it is taken). */
    slug: WebsiteSlug.optional(),
  })
  .strict();
export type CreateWebsiteBody = z.infer<typeof CreateWebsiteBody>;

export const CreatedWebsite = z.object({
  website: Website,
  design: DesignId,
  /** The website's own address: `<slug>.<BASE_DOMAIN>` with PUBLIC_URL's scheme and port. */
  address: z.string(),
});
export type CreatedWebsite = z.infer<typeof CreatedWebsite>;

export const SwitchDesignBody = z.object({ design: DesignId }).strict();
export type SwitchDesignBody = z.infer<typeof SwitchDesignBody>;

export const DesignSummary = z.object({
  id: DesignId,
  name: z.string(),
  purpose: z.string(),
  description: z.string(),
  /** The design's showcase website: its home page, drawn by the renderer, at its own address. */
  previewUrl: z.string(),
  /** The same page on the asking host (render's /_designs/<id>/), which the admin's gallery frames. */
  previewPath: z.string(),
});
export const DesignList = z.object({ designs: z.array(DesignSummary) });
export type DesignList = z.infer<typeof DesignList>;

export const WebsiteMessages = {
  ownerRequired: 'Sign in as a website owner to create a website.',
  limitReached: 'You have reached the limit of {max} websites. Delete one you no longer need to create another.',
  slugTaken: 'The address {slug} is taken. Choose another.',
  adminRequired: 'Only an administrator of this website can delete it.',
  confirmMismatch: 'Type the website’s address to confirm.',
  notDeleted: 'This website is not deleted, or can no longer be restored.',
  unknownHost: 'There is no website at this address.',
} as const;

// ---------------------------------------------------------------------------------------------
// Custom domains: added pending, served once verified (a DNS TXT record or an HTTP file).

export const CustomDomainBody = z
  .object({
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .regex(
        /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$|^localhost$/,
        'Enter a domain such as shop.example.com.',
      ),
  })
  .strict();
export type CustomDomainBody = z.infer<typeof CustomDomainBody>;

/** The file an owner serves at the domain (before pointing it here) to prove it is theirs. */
export const DOMAIN_VERIFY_PATH = '/.well-known/sitebuilder-verify.txt';
/** The DNS TXT record's name is this label before the domain. */
export const DOMAIN_VERIFY_LABEL = '_sitebuilder-verify';

export const CustomDomain = z.object({
  domain: z.string(),
  /** 'address': the `<slug>.<BASE_DOMAIN>` one; 'custom': the owner's own. */
  kind: z.enum(['address', 'custom']),
  verified: z.boolean(),
  /** What to set while it is not verified (either one proves the domain is the owner's). */
  verification: z
    .object({
      txtRecord: z.object({ name: z.string(), value: z.string() }),
      httpFile: z.object({ url: z.string(), body: z.string() }),
      /** Then point the domain here: a CNAME to this host (or an A record to its address). */
      pointTo: z.string(),
    })
    .nullable(),
});
export type CustomDomain = z.infer<typeof CustomDomain>;
export const CustomDomainList = z.object({ domains: z.array(CustomDomain) });
export type CustomDomainList = z.infer<typeof CustomDomainList>;

export const DomainMessages = {
  taken: 'The domain {domain} is already connected to a website.',
  notFound: 'This website has no domain {domain}.',
  notVerified:
    'We could not find the verification record for {domain} yet. DNS changes can take a while: check the TXT record (or the file) and try again.',
  addressFixed: 'The website’s own address cannot be removed.',
} as const;

// ---------------------------------------------------------------------------------------------
// Deleting a website: hidden at once, purged after WEBSITE_RESTORE_DAYS, restorable before.

export const WEBSITE_RESTORE_DAYS = 30;

/** DELETE a website: `confirm` repeats its title or one of its domains. */
export const DeleteWebsiteBody = z.object({ confirm: z.string().trim().min(1, WebsiteMessages.confirmMismatch).max(260) }).strict();
export type DeleteWebsiteBody = z.infer<typeof DeleteWebsiteBody>;

export const DeletedWebsite = z.object({
  websiteId: z.string(),
  deleted: z.literal(true),
  /** After this moment the website and its data are gone for good. */
  purgeAfter: z.string(),
});
export type DeletedWebsite = z.infer<typeof DeletedWebsite>;

/** GET /api/content-service/1.0/deleted-websites: the signed-in owner's deleted websites they can still restore. */
export const RestorableWebsite = z.object({
  websiteId: z.string(),
  title: z.string(),
  /** Its `<slug>.<BASE_DOMAIN>` address, served again once restored. */
  address: z.string().nullable(),
  deletedAt: z.string(),
  purgeAfter: z.string(),
  /** Whole days left before the purge (0 on its last day). */
  daysLeft: z.number().int().nonnegative(),
});
export type RestorableWebsite = z.infer<typeof RestorableWebsite>;
export const RestorableWebsiteList = z.object({ websites: z.array(RestorableWebsite) });
export type RestorableWebsiteList = z.infer<typeof RestorableWebsiteList>;

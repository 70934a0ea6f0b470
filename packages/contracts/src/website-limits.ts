// Limits per website (issue 34): how many pages and products, how many uploaded files and how many
// bytes of them one website may have on a shared platform. The numbers are the content service's
// settings (PAGES_PER_WEBSITE, PRODUCTS_PER_WEBSITE, UPLOADS_PER_WEBSITE, STORAGE_BYTES_PER_WEBSITE);
// the refusals an owner reads, and the usage the admin shows, are here so both say the same.
import { z } from 'zod';

export const WebsiteLimitMessages = {
  tooManyProducts: 'A website can have at most {max} products. Delete one you no longer sell to add another.',
  tooManyUploads: 'A website can have at most {max} uploaded files. Delete one you no longer use to upload another.',
  storageFull:
    'This file ({size}) does not fit in the website’s {max} of storage ({used} used). Delete files you no longer use to make room.',
} as const;

const Use = z.object({ used: z.number().int().nonnegative(), max: z.number().int().positive() });

/** GET …/websites/{id}/usage: what the website uses of each limit. */
export const WebsiteUsage = z.object({
  /** Pages and collections (PAGES_PER_WEBSITE). */
  pages: Use,
  /** Products in all its stores (PRODUCTS_PER_WEBSITE). */
  products: Use,
  /** Files in its media library (UPLOADS_PER_WEBSITE). */
  uploads: Use,
  /** Bytes of those files as uploaded (STORAGE_BYTES_PER_WEBSITE). */
  storageBytes: Use,
});
export type WebsiteUsage = z.infer<typeof WebsiteUsage>;

// The starting designs' pictures: the demo's drawings (demo-images.ts) in each design's
// colours, rendered to JPEG in a child process (draw-apart.ts) the first time a process
// needs them and kept as bytes, then stored in each new website's own asset store like an upload
// (a website's media is its own: nothing is shared across websites, nothing comes from another host).
import { ASSET_FILES_PATH, type ImageBody } from '@sc/contracts';
import type { z } from 'zod';
import type { AssetService } from '../assets/assets.service.js';
import type { StartingDesign } from '../domain/designs.js';
import { demoPicture, type DemoPicture } from './demo-images.js';
import { drawApart } from './draw-apart.js';

const SIZE = '1600x1000';

type Image = z.input<typeof ImageBody>;

export class DesignPictures {
  readonly #assets: AssetService;
  /** JPEG bytes by file name, drawn once per process. */
  readonly #drawn = new Map<string, Promise<Buffer>>();

  constructor(assets: AssetService) {
    this.#assets = assets;
  }

  /** Stores the design's pictures on the website; the image of each by its name in the design. */
  async store(websiteId: string, design: StartingDesign): Promise<Record<string, Image>> {
    const drawings = Object.entries(design.pictures).map(([name, look]) => ({
      name,
      alt: look.alt,
      picture: demoPicture(`${design.id}-${name}`, SIZE, look),
    }));
    const bytes = await this.#draw(drawings.map((d) => d.picture));
    const images: Record<string, Image> = {};
    for (const [i, { name, alt, picture }] of drawings.entries()) {
      await this.#assets.store(websiteId, bytes[i]!, 'jpeg', picture.file.replace(/\.jpg$/, ''));
      images[name] = {
        assetUrl: `${ASSET_FILES_PATH}/${websiteId}/${picture.file}`,
        originalSize: SIZE,
        mediaFocalPoint: { x: 0.5, y: 0.5 },
        colorData: picture.colors,
        altText: alt,
        title: name,
        filename: `${name}.jpg`,
      };
    }
    return images;
  }

  /** The JPEGs of these drawings: the ones not drawn yet in one child process, together. */
  async #draw(pictures: DemoPicture[]): Promise<Buffer[]> {
    const missing = pictures.filter((p) => !this.#drawn.has(p.file));
    if (missing.length > 0) {
      const batch = drawApart(
        missing.map((p) => p.svg),
        { maxPixels: this.#assets.pipeline.options.maxPixels, quality: 82 },
      );
      missing.forEach((p, i) => {
        const one = batch.then((jpegs) => jpegs[i]!);
        // A failed drawing is tried again by the next website, not remembered.
        one.catch(() => this.#drawn.delete(p.file));
        this.#drawn.set(p.file, one);
      });
    }
    return Promise.all(pictures.map((p) => this.#drawn.get(p.file)!));
  }
}

// The media library's owner routes (contracts: content-media.ts): the list with sizes and usages,
// one image, its alt text and focal point (written into every usage), replacing it everywhere
// with a new upload (multipart, one file, checked like any upload), and deleting an unused one.
// Owners (or API keys) who may upload use them, for their own website only: every query is by
// (website, asset id), so another website's ids answer 404. The gateway checks the crumb of every
// write.
import { MediaAsset, MediaAssetId, MediaList, ReplacedMedia, UpdateMediaBody } from '@sc/contracts';
import { type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { websiteOf } from '../shared/access.js';
import { OWNER_BASE } from '../shared/paths.js';
import { originOf, readUpload, requireUploader } from './assets.routes.js';
import type { AssetService } from './assets.service.js';
import type { MediaLibrary } from './media.service.js';

const WebsiteParams = z.object({ websiteId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict();
const AssetParams = WebsiteParams.extend({ assetId: MediaAssetId }).strict();
const MEDIA = `${OWNER_BASE}/media`;

export function mediaRoutes(app: ZodApp, assets: AssetService, library: MediaLibrary, publicUrl: string | undefined): void {
  app.get(
    MEDIA,
    {
      onRequest: requireUploader,
      schema: {
        summary: 'The media library: uploaded images, newest first, with sizes and usages',
        params: WebsiteParams,
        response: { 200: MediaList },
      },
    },
    async (request) => ({
      assets: await library.list(websiteOf(request, request.params.websiteId)),
    }),
  );

  app.get(
    `${MEDIA}/:assetId`,
    {
      onRequest: requireUploader,
      schema: { summary: 'One image of the media library', params: AssetParams, response: { 200: MediaAsset } },
    },
    async (request) => library.get(websiteOf(request, request.params.websiteId), request.params.assetId),
  );

  app.patch(
    `${MEDIA}/:assetId`,
    {
      onRequest: requireUploader,
      schema: {
        summary: "Sets an image's alt text and focal point, here and wherever it is used",
        params: AssetParams,
        body: UpdateMediaBody,
        response: { 200: MediaAsset },
      },
    },
    async (request) => library.update(websiteOf(request, request.params.websiteId), request.params.assetId, request.body),
  );

  app.post(
    `${MEDIA}/:assetId/replace`,
    {
      onRequest: requireUploader,
      schema: {
        summary: 'Replaces an image everywhere it is used with a new upload (multipart/form-data, one file)',
        params: AssetParams,
        response: { 200: ReplacedMedia },
      },
    },
    async (request) => {
      const websiteId = websiteOf(request, request.params.websiteId);
      // The asset must be this website's before any bytes are processed.
      await library.get(websiteId, request.params.assetId);
      const file = await readUpload(request);
      await library.checkRoom(websiteId, file.bytes.length);
      const uploaded = await assets.upload(websiteId, file, originOf(request, publicUrl));
      return library.replace(websiteId, request.params.assetId, uploaded);
    },
  );

  app.delete(
    `${MEDIA}/:assetId`,
    { onRequest: requireUploader, schema: { summary: 'Deletes an image nothing uses, with every size made of it', params: AssetParams } },
    async (request, reply) => {
      await library.delete(websiteOf(request, request.params.websiteId), request.params.assetId);
      return reply.status(204).send();
    },
  );
}

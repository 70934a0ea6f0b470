// Uploading images (owners: multipart, one file) and serving them back (public, at a stable URL
// the storefront shows, at any SPEC 9 width with `?format=500w`, negotiated to AVIF or WebP).
// Product images need store:manage, page and gallery images content:edit: either lets an owner
// upload. Every answer of a file is immutable (the name is the content's hash), with an ETag, so
// a revalidation is a 304 that reads nothing.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { IdentityMessages, MAX_UPLOAD_BYTES, OwnerUiMessages, Permission, UploadedAsset, fileTooLargeMessage } from '@sc/contracts';
import { AppError, identityOf, permissionsOf, publicOriginOf, type ZodApp } from '@sc/platform';
import { z } from 'zod';
import { websiteOf } from '../shared/access.js';
import { OWNER_BASE } from '../shared/paths.js';
import { ASSET_FILES_PATH, cleanFileName, type AssetService } from './assets.service.js';
import { parseVariantSize } from './image-pipeline.js';
import type { MediaLibrary } from './media.service.js';

const UPLOADERS: readonly Permission[] = [Permission.CONTENT_EDIT, Permission.STORE_MANAGE];

/** 401 for anyone signed out, 403 for an owner or API key holding neither uploading permission. */
export async function requireUploader(request: FastifyRequest): Promise<void> {
  const identity = identityOf(request);
  if (identity.kind !== 'owner' && identity.kind !== 'api-key') throw new AppError('UNAUTHORIZED', IdentityMessages.signInRequired);
  const params = request.params as { websiteId?: unknown } | undefined;
  if (typeof params?.websiteId === 'string' && params.websiteId !== identity.websiteId)
    throw new AppError('FORBIDDEN', IdentityMessages.otherWebsite);
  const granted = permissionsOf(identity);
  if (!UPLOADERS.some((permission) => granted.has(permission))) throw new AppError('FORBIDDEN', IdentityMessages.forbidden);
}

const WebsiteParams = z.object({ websiteId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict();
const FileParams = z
  .object({ websiteId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), file: z.string().regex(/^[A-Za-z0-9_-]{22}\.(jpg|png|gif|webp)$/) })
  .strict();
const FileQuery = z.object({ format: z.string().max(16).optional() }).strict();
/** The message for a `?format=` that is neither a SPEC 9 width nor 'original'. */
export const BAD_FORMAT_MESSAGE = "format must be one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w or 'original'";
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Where the URLs of uploaded files point: ASSETS_PUBLIC_URL when set, else the website's public
 * origin as the gateway signed it (PUBLIC_URL's scheme and port, a domain of the website), never
 * the request's Host or X-Forwarded-Host.
 */
export function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? publicOriginOf(request);
}

/** Busboy's and the plugin's failures while reading the body: the upload did not arrive whole. */
function readFailure(error: unknown, fileName: string): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(fileName), { fields: { file: fileTooLargeMessage(fileName) } });
  return new AppError('BAD_REQUEST', OwnerUiMessages.fileUploadIncomplete, { cause: error });
}

/** The one file of a multipart request, read whole (up to the upload limit). */
export async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw readFailure(error, '');
  }
  if (!part) throw new AppError('BAD_REQUEST', OwnerUiMessages.fileUploadIncomplete);
  const filename = cleanFileName(part.filename);
  try {
    return { filename, bytes: await part.toBuffer() };
  } catch (error) {
    throw readFailure(error, filename);
  }
}

/** The uploads and the served files; with a media library, each upload is recorded in it. */
export async function assetRoutes(app: ZodApp, assets: AssetService, publicUrl: string | undefined, library?: MediaLibrary): Promise<void> {
  // One file per request, read up to the SPEC 5 maximum; anything beyond stops the read.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1_000 },
    throwFileSizeLimit: true,
  });

  app.post(
    `${OWNER_BASE}/assets`,
    {
      onRequest: requireUploader,
      schema: { summary: 'Upload an image (multipart/form-data, one file)', params: WebsiteParams, response: { 201: UploadedAsset } },
    },
    async (request, reply) => {
      const websiteId = websiteOf(request, request.params.websiteId);
      const file = await readUpload(request);
      // Over the website's upload limits, refused before anything is stored ...
      await library?.checkRoom(websiteId, file.bytes.length);
      const asset = await assets.upload(websiteId, file, originOf(request, publicUrl));
      // ... and again when recorded (uploads at once take turns there): a refused file is removed.
      await library?.record(websiteId, asset).catch(async (error: unknown) => {
        await assets.remove(websiteId, asset.assetUrl.slice(asset.assetUrl.lastIndexOf('/') + 1));
        throw error;
      });
      return reply.status(201).send(asset);
    },
  );

  app.get(
    `${ASSET_FILES_PATH}/:websiteId/:file`,
    {
      schema: {
        summary: 'An uploaded image: the original, or ?format=100w … 2500w in the best format the Accept header allows',
        params: FileParams,
        querystring: FileQuery,
      },
    },
    async (request, reply) => {
      const size = parseVariantSize(request.query.format);
      if (size === undefined) throw new AppError('BAD_REQUEST', BAD_FORMAT_MESSAGE, { fields: { format: BAD_FORMAT_MESSAGE } });
      const wanted = assets.describe(request.params.websiteId, request.params.file, size, request.headers.accept);
      if (!wanted) throw new AppError('NOT_FOUND', OwnerUiMessages.unableToLocateContent);
      reply.header('cache-control', IMMUTABLE).header('etag', wanted.etag).header('x-content-type-options', 'nosniff');
      if (wanted.negotiated) reply.header('vary', 'Accept');
      // The name is the content's hash and the ETag names the variant: a match needs no reading.
      const match = request.headers['if-none-match'];
      if (match !== undefined && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === wanted.etag))
        return reply.status(304).send();
      const body = await assets.read(wanted);
      if (!body) {
        reply.removeHeader('cache-control').removeHeader('etag').removeHeader('vary');
        throw new AppError('NOT_FOUND', OwnerUiMessages.unableToLocateContent);
      }
      reply
        .header('content-type', wanted.contentType)
        .header('content-length', String(body.size))
        .header('content-security-policy', "default-src 'none'");
      return reply.send('stream' in body ? body.stream : body.bytes);
    },
  );
}

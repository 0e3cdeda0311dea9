import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, imagePathResponseSchema, imageUrlResponseSchema } from '@agora/contract';
import type { AppContext } from '../../context';
import type { UploadKind } from '../../db/schema';
import { readSingleFile } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import { IMAGE_KINDS } from './images';
import { storeUpload } from './uploads.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema };

/** Profile photo, banner and post image uploads (multipart; also under /api). */
export async function uploadRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { onRequest: app.requireUser };
  const schema = (description: string, ok: typeof imagePathResponseSchema | typeof imageUrlResponseSchema) => ({
    tags: ['uploads'],
    hide: alias,
    description,
    consumes: ['multipart/form-data'],
    security: [{ bearer: [] }],
    response: { 200: ok, ...errors },
  });
  /** The route's part: read the one file of `field` within the kind's limit; the service does the rest. */
  const upload = async (request: Parameters<typeof currentUser>[0], field: string, kind: UploadKind) => {
    const { maxBytes, label } = IMAGE_KINDS[kind];
    const data = await readSingleFile(request, { field, maxBytes, label });
    return storeUpload(ctx, currentUser(request), { kind, data });
  };
  r.post(
    '/profile/upload-picture',
    { ...common, schema: schema('Multipart field `profileImage`; stored as a 512×512 JPEG.', imagePathResponseSchema) },
    async (request) => ({ message: 'Profile picture uploaded', imagePath: await upload(request, 'profileImage', 'profile') }),
  );
  r.post(
    '/profile/upload-banner',
    { ...common, schema: schema('Multipart field `bannerImage`; stored 1600 px wide, 3:1, JPEG.', imagePathResponseSchema) },
    async (request) => ({ message: 'Banner uploaded', imagePath: await upload(request, 'bannerImage', 'banner') }),
  );
  r.post(
    '/upload/image',
    { ...common, schema: schema('Multipart field `image`; stored as WebP within 2048 px.', imageUrlResponseSchema) },
    async (request) => ({ message: 'Image uploaded', url: await upload(request, 'image', 'post') }),
  );
}

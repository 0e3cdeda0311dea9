import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, imagePathResponseSchema, imageUrlResponseSchema } from '@agora/contract';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { uploadFromRequest } from './uploads.service';

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
  r.post(
    '/profile/upload-picture',
    { ...common, schema: schema('Multipart field `profileImage`; stored as a 512×512 JPEG.', imagePathResponseSchema) },
    async (request) => {
      const imagePath = await uploadFromRequest(ctx, request, currentUser(request).id, 'profileImage', 'profile');
      return { message: 'Profile picture uploaded', imagePath };
    },
  );
  r.post(
    '/profile/upload-banner',
    { ...common, schema: schema('Multipart field `bannerImage`; stored 1600 px wide, 3:1, JPEG.', imagePathResponseSchema) },
    async (request) => {
      const imagePath = await uploadFromRequest(ctx, request, currentUser(request).id, 'bannerImage', 'banner');
      return { message: 'Banner uploaded', imagePath };
    },
  );
  r.post(
    '/upload/image',
    { ...common, schema: schema('Multipart field `image`; stored as WebP within 2048 px.', imageUrlResponseSchema) },
    async (request) => {
      const url = await uploadFromRequest(ctx, request, currentUser(request).id, 'image', 'post');
      return { message: 'Image uploaded', url };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, errorBodySchema, messageResponseSchema, unsubscribeDigestRequestSchema } from '@agora/contract';
import type { AppContext } from '../../context';
import { unsubscribeDigest } from './digest.service';

/**
 * The email digest's one-click link (issue 14 §6): no sign-in, the mailed token is the proof. A new path, so under
 * /api only.
 */
export async function digestRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/notifications/digest/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        body: unsubscribeDigestRequestSchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await unsubscribeDigest(ctx, { token: request.body.token, client: { ip: request.ip } });
      return { message: ACCOUNT_MESSAGES.digestOff };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, messageResponseSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@agora/contract';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { pushKey, subscribePush, unsubscribePush } from './push.service';

const tags = ['push'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Web push (issue 18 §4): the VAPID public key, and turning push on or off for the caller's device. */
export async function pushRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/push/key', { schema: { tags, response: { 200: z.object({ publicKey: z.string() }), 404: errorBodySchema } } }, async () =>
    pushKey(ctx),
  );
  r.post(
    '/api/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, body: pushSubscriptionSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => subscribePush(ctx, currentUser(request), request.body),
  );
  r.delete(
    '/api/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, body: pushUnsubscribeSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => unsubscribePush(ctx, currentUser(request), request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockedListResponseSchema, blockedQuerySchema, blockStateSchema, errorBodySchema, userIdParamsSchema } from '@agora/contract';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { blockUser, listBlocked, unblockUser } from './blocks.service';

const tags = ['blocks'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** POST and DELETE /api/users/{id}/block, GET /api/users/blocked (issue 15 §6). */
export async function blockRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/users/:id/block',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, params: userIdParamsSchema, response: { 200: blockStateSchema, ...errors } },
    },
    async (request) => blockUser(ctx, currentUser(request), { userId: request.params.id }),
  );
  r.delete(
    '/api/users/:id/block',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, params: userIdParamsSchema, response: { 200: blockStateSchema, ...errors } },
    },
    async (request) => unblockUser(ctx, currentUser(request), { userId: request.params.id }),
  );
  r.get(
    '/api/users/blocked',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, querystring: blockedQuerySchema, response: { 200: blockedListResponseSchema, ...errors } },
    },
    async (request) => listBlocked(ctx, currentUser(request), request.query),
  );
}

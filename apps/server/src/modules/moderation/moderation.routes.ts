import {
  banRequestSchema,
  banResponseSchema,
  bansQuerySchema,
  bansResponseSchema,
  errorBodySchema,
  groupIdParamsSchema,
  groupUserParamsSchema,
  modlogQuerySchema,
  modlogResponseSchema,
  unbanResponseSchema,
} from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { banMember, listBans, unbanMember } from './bans.service';
import { listModlog } from './modlog.service';

const tags = ['moderation'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Bans and the moderation log of a community (issue 15 §4, §5): under /api only, staff only. */
export async function moderationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const act = { onRequest: app.optionalUser };
  const params = groupIdParamsSchema;

  r.post(
    '/api/groups/:id/bans',
    {
      ...act,
      schema: { tags, ...secured, params, body: banRequestSchema, response: { 200: banResponseSchema, ...errors, 409: errorBodySchema } },
    },
    async (request) => banMember(ctx, request.user, { group: request.params.id, ...request.body }),
  );
  r.get(
    '/api/groups/:id/bans',
    { ...act, schema: { tags, ...secured, params, querystring: bansQuerySchema, response: { 200: bansResponseSchema, ...errors } } },
    async (request) => listBans(ctx, request.user, { group: request.params.id, ...request.query }),
  );
  r.delete(
    '/api/groups/:id/bans/:userId',
    { ...act, schema: { tags, ...secured, params: groupUserParamsSchema, response: { 200: unbanResponseSchema, ...errors } } },
    async (request) => unbanMember(ctx, request.user, { group: request.params.id, userId: request.params.userId }),
  );
  r.get(
    '/api/groups/:id/modlog',
    { ...act, schema: { tags, ...secured, params, querystring: modlogQuerySchema, response: { 200: modlogResponseSchema, ...errors } } },
    async (request) => listModlog(ctx, request.user, { group: request.params.id, ...request.query }),
  );
}

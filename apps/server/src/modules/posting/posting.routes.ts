import {
  errorBodySchema,
  groupIdParamsSchema,
  postingRulesRequestSchema,
  postingRulesResponseSchema,
  postingRulesSchema,
} from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { getPostingRules, updatePostingRules } from './posting.service';

const tags = ['groups'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const params = groupIdParamsSchema;

/** A community's posting rules (issue 15 §7): read by its staff, set by its owner and admins. */
export async function postingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.requireUser };
  r.get(
    '/api/groups/:id/posting-rules',
    { ...signedIn, schema: { tags, ...secured, params, response: { 200: postingRulesSchema, ...errors } } },
    async (request) => getPostingRules(ctx, request.user, request.params.id),
  );
  r.put(
    '/api/groups/:id/posting-rules',
    {
      ...signedIn,
      schema: { tags, ...secured, params, body: postingRulesRequestSchema, response: { 200: postingRulesResponseSchema, ...errors } },
    },
    async (request) => updatePostingRules(ctx, request.user, request.params.id, request.body),
  );
}

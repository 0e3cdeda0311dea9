import { errorBodySchema, mentionQuerySchema, mentionResponseSchema } from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { suggestMentions } from './mentions.service';

/** `GET /api/search/mentions` (issue 16 §4): the people an `@mention` may name, for the editors. Signed in only. */
export async function mentionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/search/mentions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['search'],
        security: [{ bearer: [] }],
        querystring: mentionQuerySchema,
        response: { 200: mentionResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => suggestMentions(ctx, currentUser(request), request.query),
  );
}

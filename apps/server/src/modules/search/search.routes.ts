import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, searchQuerySchema, searchResponseSchema } from '@agora/contract';
import type { AppContext } from '../../context';
import { searchEverything } from './search.service';

const tags = ['search'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/** GET /api/search (issue 16): visitors too (they find public content only). */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/search',
    {
      onRequest: app.optionalUser,
      schema: { tags, querystring: searchQuerySchema, response: { 200: searchResponseSchema, ...errors } },
    },
    async (request) => searchEverything(ctx, request.user, request.query, { ip: request.ip }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@agora/contract';
import type { HealthCheck } from './health.service';

/** GET /api/health: 200 `{status:'ok'}` when the database answers, 503 `{status:'unavailable'}` when not or while shutting down. */
export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthCheck }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
      async (_request, reply) => {
        if (await health.check()) return { status: 'ok' as const };
        return reply
          .status(503)
          .header('retry-after', '1')
          .send({ status: 'unavailable' as const });
      },
    );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, muteRequestSchema, muteStateSchema, mutesResponseSchema } from '@agora/contract';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { listMutes, muteDiscussion, muteGroup } from './mutes.service';

const tags = ['notifications'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const groupParam = z.string().min(1).max(100);
const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Mutes (issue 14 §6): a community at `/api/groups/{id}/mute`, a discussion at the spec-style
 * `/groups/{g}/discussions/{d}/mute` (also under /api), and the caller's list.
 */
export async function muteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/api/groups/:id/mute',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        ...secured,
        params: z.object({ id: groupParam }),
        body: muteRequestSchema,
        response: { 200: muteStateSchema, ...errors },
      },
    },
    async (request) => muteGroup(ctx, currentUser(request), { idOrSlug: request.params.id, muted: request.body.muted }),
  );
  for (const prefix of ['', '/api']) {
    r.put(
      `${prefix}/groups/:groupId/discussions/:discussionId/mute`,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          hide: prefix === '/api',
          ...secured,
          params: z.object({ groupId: groupParam, discussionId: idParam }),
          body: muteRequestSchema,
          response: { 200: muteStateSchema, ...errors },
        },
      },
      async (request) =>
        muteDiscussion(ctx, currentUser(request), {
          idOrSlug: request.params.groupId,
          discussionId: request.params.discussionId,
          muted: request.body.muted,
        }),
    );
  }
  r.get(
    '/api/notifications/mutes',
    { onRequest: app.requireUser, schema: { tags, ...secured, response: { 200: mutesResponseSchema, ...errors } } },
    async (request) => listMutes(ctx, currentUser(request)),
  );
}

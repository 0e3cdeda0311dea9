import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  profileSchema,
  updateProfileRequestSchema,
  userIdParamsSchema,
  userLookupQuerySchema,
  userSummarySchema,
} from '@agora/contract';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { toProfile } from './profiles.mapper';
import { getProfile, lookupUser, updateOwnProfile } from './profiles.service';

const secured = { security: [{ bearer: [] }] };

/** GET/PUT /users/profile, GET /users/lookup?username= and GET /users/{id} (also under /api). Profiles are for signed-in users (SPEC §6). */
export async function profileRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/profile',
    {
      onRequest: app.requireUser,
      schema: { tags: ['profiles'], hide: alias, ...secured, response: { 200: profileSchema, 401: errorBodySchema } },
    },
    // The session lookup already loaded the whole user row: one database round trip in all.
    async (request) => toProfile(currentUser(request)),
  );
  r.put(
    '/users/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profiles'],
        hide: alias,
        ...secured,
        body: updateProfileRequestSchema,
        response: { 200: profileSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => updateOwnProfile(ctx, currentUser(request), request.body),
  );
  r.get(
    '/users/lookup',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profiles'],
        hide: alias,
        ...secured,
        querystring: userLookupQuerySchema,
        response: { 200: userSummarySchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => lookupUser(ctx, currentUser(request), { username: request.query.username }),
  );
  r.get(
    '/users/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profiles'],
        hide: alias,
        ...secured,
        params: userIdParamsSchema,
        response: { 200: profileSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getProfile(ctx, currentUser(request), { id: request.params.id }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMessageResponseSchema,
  errorBodySchema,
  siteLogQuerySchema,
  siteLogResponseSchema,
  suspendedUsersResponseSchema,
  suspendRequestSchema,
} from '@agora/contract';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { listSiteLog, listSuspendedUsers, suspendUser, unsuspendUser } from './admin.service';

const tags = ['admin'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const userParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Site staff (issue 15 §8): 404 to anyone who is not a site admin. */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/users/suspended',
    { onRequest: app.requireUser, schema: { tags, ...secured, response: { 200: suspendedUsersResponseSchema, ...errors } } },
    async (request) => listSuspendedUsers(ctx, currentUser(request)),
  );
  r.post(
    '/api/admin/users/:id/suspend',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        ...secured,
        params: userParams,
        body: suspendRequestSchema,
        response: { 200: adminMessageResponseSchema, ...errors },
      },
    },
    async (request) => suspendUser(ctx, currentUser(request), { userId: request.params.id, ...request.body }),
  );
  r.post(
    '/api/admin/users/:id/unsuspend',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, params: userParams, response: { 200: adminMessageResponseSchema, ...errors } },
    },
    async (request) => unsuspendUser(ctx, currentUser(request), { userId: request.params.id }),
  );
  r.get(
    '/api/admin/log',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, querystring: siteLogQuerySchema, response: { 200: siteLogResponseSchema, ...errors } },
    },
    async (request) => listSiteLog(ctx, currentUser(request), request.query),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportRequestSchema,
  errorBodySchema,
  reportQueueQuerySchema,
  reportQueueSchema,
  reportSentSchema,
  resolveReportRequestSchema,
  resolveReportResponseSchema,
} from '@agora/contract';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { fileReport, listAllReports, listCommunityReports, resolveReport } from './reports.service';

const tags = ['reports'];
const secured = { security: [{ bearer: [] }] };
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Reports (issue 15 §2): filing, the community's queue, resolving, and the site admins' queue. */
export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/reports',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, body: createReportRequestSchema, response: { 201: reportSentSchema, ...errors } },
    },
    async (request, reply) => {
      reply.code(201);
      return fileReport(ctx, currentUser(request), request.body);
    },
  );
  r.get(
    '/api/groups/:id/reports',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        ...secured,
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueueSchema, ...errors },
      },
    },
    async (request) => listCommunityReports(ctx, currentUser(request), { idOrSlug: request.params.id, query: request.query }),
  );
  r.post(
    '/api/reports/:id/resolve',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        ...secured,
        params: z.object({ id: idParam }),
        body: resolveReportRequestSchema,
        response: { 200: resolveReportResponseSchema, ...errors },
      },
    },
    async (request) => resolveReport(ctx, currentUser(request), { reportId: request.params.id, ...request.body }),
  );
  r.get(
    '/api/admin/reports',
    {
      onRequest: app.requireUser,
      schema: { tags, ...secured, querystring: reportQueueQuerySchema, response: { 200: reportQueueSchema, ...errors } },
    },
    async (request) => listAllReports(ctx, currentUser(request), request.query),
  );
}

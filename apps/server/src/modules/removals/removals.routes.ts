import {
  commentParamsSchema,
  discussionParamsSchema,
  errorBodySchema,
  groupBlogParamsSchema,
  removalRequestSchema,
  removalResponseSchema,
} from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { z } from 'zod';
import { type ItemPath, removeItem, restoreItem } from './removals.service';

const tags = ['moderation'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const response = { 200: removalResponseSchema, ...errors };

/** Removal with a reason and restore (issue 15 §3): the community's staff, signed in; contract removals.ts. */
export async function removalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.requireUser };
  /** `{path}/remove {reason}` and `{path}/restore` for one kind of item. */
  function routesOf<S extends z.ZodType<Record<string, string>>>(path: string, params: S, item: (p: z.infer<S>) => ItemPath) {
    r.post(`${path}/remove`, { ...signedIn, schema: { tags, ...secured, params, body: removalRequestSchema, response } }, async (request) =>
      removeItem(ctx, request.user, { ...item(request.params as z.infer<S>), reason: request.body.reason }),
    );
    r.post(`${path}/restore`, { ...signedIn, schema: { tags, ...secured, params, response } }, async (request) =>
      restoreItem(ctx, request.user, item(request.params as z.infer<S>)),
    );
  }
  routesOf('/api/groups/:id/discussions/:discussionId', discussionParamsSchema, (p) => ({
    kind: 'discussion',
    group: p.id,
    discussionId: p.discussionId,
  }));
  routesOf('/api/groups/:id/discussions/:discussionId/comments/:commentId', commentParamsSchema, (p) => ({
    kind: 'comment',
    group: p.id,
    discussionId: p.discussionId,
    commentId: p.commentId,
  }));
  routesOf('/api/groups/:id/blogs/:blogId', groupBlogParamsSchema, (p) => ({ kind: 'blog', group: p.id, blogId: p.blogId }));
}

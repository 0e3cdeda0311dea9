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
import { removeBlog, removeComment, removeDiscussion, restoreBlog, restoreComment, restoreDiscussion } from './removals.service';

const tags = ['moderation'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const response = { 200: removalResponseSchema, ...errors };

/** Removal with a reason and restore (issue 15 §3): the community's staff, signed in; contract removals.ts. */
export async function removalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.requireUser };
  const post = (p: { id: string; discussionId: string }) => ({ group: p.id, discussionId: p.discussionId });
  const comment = (p: { id: string; discussionId: string; commentId: string }) => ({ ...post(p), commentId: p.commentId });
  const blog = (p: { id: string; blogId: string }) => ({ group: p.id, blogId: p.blogId });

  r.post(
    '/api/groups/:id/discussions/:discussionId/remove',
    { ...signedIn, schema: { tags, ...secured, params: discussionParamsSchema, body: removalRequestSchema, response } },
    async (request) => removeDiscussion(ctx, request.user, { ...post(request.params), reason: request.body.reason }),
  );
  r.post(
    '/api/groups/:id/discussions/:discussionId/restore',
    { ...signedIn, schema: { tags, ...secured, params: discussionParamsSchema, response } },
    async (request) => restoreDiscussion(ctx, request.user, post(request.params)),
  );
  r.post(
    '/api/groups/:id/discussions/:discussionId/comments/:commentId/remove',
    { ...signedIn, schema: { tags, ...secured, params: commentParamsSchema, body: removalRequestSchema, response } },
    async (request) => removeComment(ctx, request.user, { ...comment(request.params), reason: request.body.reason }),
  );
  r.post(
    '/api/groups/:id/discussions/:discussionId/comments/:commentId/restore',
    { ...signedIn, schema: { tags, ...secured, params: commentParamsSchema, response } },
    async (request) => restoreComment(ctx, request.user, comment(request.params)),
  );
  r.post(
    '/api/groups/:id/blogs/:blogId/remove',
    { ...signedIn, schema: { tags, ...secured, params: groupBlogParamsSchema, body: removalRequestSchema, response } },
    async (request) => removeBlog(ctx, request.user, { ...blog(request.params), reason: request.body.reason }),
  );
  r.post(
    '/api/groups/:id/blogs/:blogId/restore',
    { ...signedIn, schema: { tags, ...secured, params: groupBlogParamsSchema, response } },
    async (request) => restoreBlog(ctx, request.user, blog(request.params)),
  );
}

import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  blogGroupParamsSchema,
  blogIdParamsSchema,
  blogLikeResponseSchema,
  blogLikeStatusResponseSchema,
  blogListQuerySchema,
  blogMessageResponseSchema,
  blogPostsResponseSchema,
  blogResponseSchema,
  blogShareResponseSchema,
  createBlogResponseSchema,
  editHistoryResponseSchema,
  errorBodySchema,
  groupBlogParamsSchema,
  joinedBlogsResponseSchema,
  updateBlogResponseSchema,
} from '@agora/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { readForm } from '../../lib/multipart-form';
import { currentUser } from '../../plugins/auth';
import {
  type BlogForm,
  createBlog,
  deleteBlog,
  getBlog,
  getBlogHistory,
  getBlogLikeStatus,
  listGroupBlogs,
  listJoinedBlogs,
  shareBlog,
  toggleBlogLike,
  updateBlog,
} from './blogs.service';

const tags = ['blogs'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema };

/** The content is at most 100,000 characters: 4 bytes each in UTF-8, plus room. */
const MAX_FIELD_BYTES = BLOG_LIMITS.contentMax * 4 + 1024;

/**
 * The blog form: multipart `title`, `content`, optional `removeImage` and the optional file `image`, or JSON without
 * the image. Read only for a signed-in user (a visitor's body is never read).
 */
function readBlogForm(request: FastifyRequest): Promise<BlogForm> {
  return readForm(request, {
    files: { image: { maxBytes: BLOG_LIMITS.imageBytes, tooLarge: BLOG_MESSAGES.imageTooLarge } },
    fields: ['title', 'content', 'removeImage'],
    maxFieldBytes: MAX_FIELD_BYTES,
  });
}

const FORM_DESCRIPTION =
  'Multipart: title (≤ 200), content (≤ 100,000), image (optional header image, ≤ 10 MB, re-encoded within 1600 px wide); ' +
  'on PUT an absent image keeps the current one and removeImage=true removes it. JSON without the image also works.';

/** The blog list of a community: SPEC §7 writes it under /api only. */
export async function blogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/groups/:id/posts',
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        params: blogGroupParamsSchema,
        querystring: blogListQuerySchema,
        response: { 200: blogPostsResponseSchema, ...errors },
      },
    },
    async (request) => listGroupBlogs(ctx, request.user, request.params.id, request.query),
  );
}

/**
 * Blog reads and writes whose SPEC §7 paths have no /api prefix: registered at the path and again under /api
 * (app.ts ALIASED_MODULES). Reading needs no token (private communities: members only); the rest need one.
 */
export async function blogPublicRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { onRequest: app.optionalUser };
  const signedIn = { onRequest: app.requireUser };
  // Writes load the user first and refuse a visitor before reading the body.
  const write = { onRequest: app.optionalUser };

  r.get(
    '/groups/joined/blogs',
    {
      ...signedIn,
      schema: { tags, hide: alias, ...secured, querystring: blogListQuerySchema, response: { 200: joinedBlogsResponseSchema, ...errors } },
    },
    async (request) => listJoinedBlogs(ctx, currentUser(request), request.query),
  );
  r.get(
    '/groups/blog/:blogId',
    { ...read, schema: { tags, hide: alias, params: blogIdParamsSchema, response: { 200: blogResponseSchema, ...errors } } },
    async (request) => getBlog(ctx, request.user, request.params.blogId),
  );
  r.post(
    '/groups/:id/posts',
    {
      ...write,
      schema: {
        tags,
        hide: alias,
        ...secured,
        consumes: ['multipart/form-data', 'application/json'],
        description: FORM_DESCRIPTION,
        params: blogGroupParamsSchema,
        response: { 201: createBlogResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      if (!request.user) throw AppError.unauthorized();
      const result = await createBlog(ctx, request.user, request.params.id, await readBlogForm(request));
      return reply.status(201).send(result);
    },
  );
  r.put(
    '/groups/:id/blogs/:blogId',
    {
      ...write,
      schema: {
        tags,
        hide: alias,
        ...secured,
        consumes: ['multipart/form-data', 'application/json'],
        description: FORM_DESCRIPTION,
        params: groupBlogParamsSchema,
        response: { 200: updateBlogResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      if (!request.user) throw AppError.unauthorized();
      return updateBlog(ctx, request.user, request.params.id, request.params.blogId, await readBlogForm(request));
    },
  );
  r.delete(
    '/groups/:id/blogs/:blogId',
    {
      ...signedIn,
      schema: { tags, hide: alias, ...secured, params: groupBlogParamsSchema, response: { 200: blogMessageResponseSchema, ...errors } },
    },
    async (request) => deleteBlog(ctx, currentUser(request), request.params.id, request.params.blogId),
  );
  // Issue 15 §1: every version of the blog's title and text, for whoever may read it.
  r.get(
    '/groups/:id/blogs/:blogId/history',
    { ...read, schema: { tags, hide: alias, params: groupBlogParamsSchema, response: { 200: editHistoryResponseSchema, ...errors } } },
    async (request) => getBlogHistory(ctx, request.user, request.params.id, request.params.blogId),
  );
  r.get(
    '/groups/:id/blogs/:blogId/like-status',
    { ...read, schema: { tags, hide: alias, params: groupBlogParamsSchema, response: { 200: blogLikeStatusResponseSchema, ...errors } } },
    async (request) => getBlogLikeStatus(ctx, request.user, request.params.id, request.params.blogId),
  );
  r.post(
    '/groups/:id/blogs/:blogId/like',
    {
      ...signedIn,
      schema: { tags, hide: alias, ...secured, params: groupBlogParamsSchema, response: { 200: blogLikeResponseSchema, ...errors } },
    },
    async (request) => toggleBlogLike(ctx, currentUser(request), request.params.id, request.params.blogId),
  );
  r.post(
    '/groups/:id/blogs/:blogId/share',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: groupBlogParamsSchema,
        response: { 200: blogShareResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => shareBlog(ctx, currentUser(request), request.params.id, request.params.blogId),
  );
}

import {
  activityQuerySchema,
  activityResponseSchema,
  commentDeleteResponseSchema,
  commentListResponseSchema,
  commentParamsSchema,
  commentListQuerySchema,
  commentsQuerySchema,
  commentWriteResponseSchema,
  createCommentRequestSchema,
  createDiscussionRequestSchema,
  commentUpdateResponseSchema,
  editHistoryResponseSchema,
  updateCommentRequestSchema,
  discussionListResponseSchema,
  discussionMessageResponseSchema,
  discussionParamsSchema,
  discussionResponseSchema,
  discussionWriteResponseSchema,
  errorBodySchema,
  feedQuerySchema,
  groupIdParamsSchema,
  likeRequestSchema,
  likeResponseSchema,
  likeStatusResponseSchema,
  pinResponseSchema,
  replyListResponseSchema,
  updateDiscussionRequestSchema,
  userIdParamsSchema,
} from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { listUserActivity } from './activity.service';
import {
  createComment,
  deleteComment,
  getCommentHistory,
  likeComment,
  listComments,
  listReplies,
  updateComment,
} from '../comments/comments.service';
import {
  createDiscussion,
  deleteDiscussion,
  getDiscussion,
  getDiscussionHistory,
  getLikeStatus,
  likeDiscussion,
  listExploreFeed,
  listGroupDiscussions,
  listHomeFeed,
  setDiscussionPinned,
  updateDiscussion,
} from './discussions.service';

const tags = ['discussions'];
const secured = { security: [{ bearer: [] }] };
const readErrors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/**
 * Discussions, comments, likes, pins and the two feeds (SPEC §7 "Discussions and comments"): the spec writes them
 * without /api, so app.ts registers them at the path and again under /api (ALIASED_MODULES). Reads take an optional
 * token (visitors read public communities); writes check the user in the service (401 with the feature's text).
 */
export async function discussionRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { onRequest: app.optionalUser };
  const signedIn = { onRequest: app.requireUser };

  // Static segments first in the spec's list; find-my-way prefers them over `/groups/:id/...` anyway.
  r.get(
    '/groups/joined/discussions',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        querystring: feedQuerySchema,
        response: { 200: discussionListResponseSchema, ...writeErrors },
      },
    },
    async (request) => listHomeFeed(ctx, currentUser(request), request.query),
  );
  // A person's posts and comments for their profile's Activity tab; profiles are for signed-in users (SPEC §6).
  r.get(
    '/users/:id/activity',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: userIdParamsSchema,
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema, ...writeErrors },
      },
    },
    async (request) => listUserActivity(ctx, currentUser(request), { userId: request.params.id, ...request.query }),
  );
  r.get(
    '/groups/suggested/discussions',
    {
      ...read,
      schema: { tags, hide: alias, querystring: feedQuerySchema, response: { 200: discussionListResponseSchema, ...readErrors } },
    },
    async (request) => listExploreFeed(ctx, request.user, request.query),
  );

  r.get(
    '/groups/:id/discussions',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        params: groupIdParamsSchema,
        querystring: feedQuerySchema,
        response: { 200: discussionListResponseSchema, ...readErrors },
      },
    },
    async (request) => listGroupDiscussions(ctx, request.user, { group: request.params.id, ...request.query }),
  );
  r.post(
    '/groups/:id/discussions',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: groupIdParamsSchema,
        body: createDiscussionRequestSchema,
        response: { 201: discussionWriteResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const result = await createDiscussion(ctx, request.user, { group: request.params.id, body: request.body });
      return reply.status(201).send(result);
    },
  );

  const path = (params: { id: string; discussionId: string }) => ({ group: params.id, discussionId: params.discussionId });
  r.get(
    '/groups/:id/discussions/:discussionId',
    { ...read, schema: { tags, hide: alias, params: discussionParamsSchema, response: { 200: discussionResponseSchema, ...readErrors } } },
    async (request) => getDiscussion(ctx, request.user, path(request.params)),
  );
  r.put(
    '/groups/:id/discussions/:discussionId',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: discussionParamsSchema,
        body: updateDiscussionRequestSchema,
        response: { 200: discussionWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateDiscussion(ctx, request.user, {
        ...path(request.params),
        content: request.body.content,
        mediaAlts: request.body.mediaAlts,
      }),
  );
  r.delete(
    '/groups/:id/discussions/:discussionId',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: discussionParamsSchema,
        response: { 200: discussionMessageResponseSchema, ...writeErrors },
      },
    },
    async (request) => deleteDiscussion(ctx, request.user, path(request.params)),
  );
  for (const [action, pinned] of [
    ['pin', true],
    ['unpin', false],
  ] as const) {
    r.post(
      `/groups/:id/discussions/:discussionId/${action}`,
      {
        ...read,
        schema: { tags, hide: alias, ...secured, params: discussionParamsSchema, response: { 200: pinResponseSchema, ...writeErrors } },
      },
      async (request) => setDiscussionPinned(ctx, request.user, { ...path(request.params), pinned }),
    );
  }
  r.get(
    '/groups/:id/discussions/:discussionId/history',
    { ...read, schema: { tags, hide: alias, params: discussionParamsSchema, response: { 200: editHistoryResponseSchema, ...readErrors } } },
    async (request) => getDiscussionHistory(ctx, request.user, path(request.params)),
  );
  r.get(
    '/groups/:id/discussions/:discussionId/like-status',
    { ...read, schema: { tags, hide: alias, params: discussionParamsSchema, response: { 200: likeStatusResponseSchema, ...readErrors } } },
    async (request) => getLikeStatus(ctx, request.user, path(request.params)),
  );
  r.post(
    '/groups/:id/discussions/:discussionId/like',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: discussionParamsSchema,
        body: likeRequestSchema,
        response: { 200: likeResponseSchema, ...writeErrors },
      },
    },
    async (request) => likeDiscussion(ctx, request.user, { ...path(request.params), liked: request.body }),
  );

  r.get(
    '/groups/:id/discussions/:discussionId/comments',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        params: discussionParamsSchema,
        querystring: commentListQuerySchema,
        response: { 200: commentListResponseSchema, ...readErrors },
      },
    },
    async (request) => listComments(ctx, request.user, { ...path(request.params), ...request.query }),
  );
  r.post(
    '/groups/:id/discussions/:discussionId/comments',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: discussionParamsSchema,
        body: createCommentRequestSchema,
        response: { 201: commentWriteResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const result = await createComment(ctx, request.user, { ...path(request.params), ...request.body });
      return reply.status(201).send(result);
    },
  );
  const commentPath = (params: { id: string; discussionId: string; commentId: string }) => ({
    ...path(params),
    commentId: params.commentId,
  });
  r.get(
    '/groups/:id/discussions/:discussionId/comments/:commentId/replies',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        params: commentParamsSchema,
        querystring: commentsQuerySchema,
        response: { 200: replyListResponseSchema, ...readErrors },
      },
    },
    async (request) => listReplies(ctx, request.user, { ...commentPath(request.params), ...request.query }),
  );
  r.post(
    '/groups/:id/discussions/:discussionId/comments/:commentId/like',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: commentParamsSchema,
        body: likeRequestSchema,
        response: { 200: likeResponseSchema, ...writeErrors },
      },
    },
    async (request) => likeComment(ctx, request.user, { ...commentPath(request.params), liked: request.body }),
  );
  r.put(
    '/groups/:id/discussions/:discussionId/comments/:commentId',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: commentParamsSchema,
        body: updateCommentRequestSchema,
        response: { 200: commentUpdateResponseSchema, ...writeErrors },
      },
    },
    async (request) => updateComment(ctx, request.user, { ...commentPath(request.params), content: request.body.content }),
  );
  r.get(
    '/groups/:id/discussions/:discussionId/comments/:commentId/history',
    { ...read, schema: { tags, hide: alias, params: commentParamsSchema, response: { 200: editHistoryResponseSchema, ...readErrors } } },
    async (request) => getCommentHistory(ctx, request.user, commentPath(request.params)),
  );
  r.delete(
    '/groups/:id/discussions/:discussionId/comments/:commentId',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: commentParamsSchema,
        response: { 200: commentDeleteResponseSchema, ...writeErrors },
      },
    },
    async (request) => deleteComment(ctx, request.user, commentPath(request.params)),
  );
}

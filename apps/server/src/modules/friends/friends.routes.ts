import {
  answerRequestSchema,
  cancelRequestSchema,
  errorBodySchema,
  friendActionResponseSchema,
  friendRequestSchema,
  friendsQuerySchema,
  friendsResponseSchema,
  friendStatusResponseSchema,
  friendUserParamsSchema,
  respondRequestSchema,
  statusCheckQuerySchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  unfriendRequestSchema,
} from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  checkFriendStatus,
  listFriends,
  listMutualFriends,
  listSuggestions,
  rejectFriendRequest,
  respondToFriendRequest,
  sendFriendRequest,
  unfriend,
} from './friends.service';

const tags = ['friends'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** SPEC §7 "Profile and friends": the friends paths (no /api in the spec, so also registered under /api). Signed in only. */
export async function friendRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.requireUser };

  r.get(
    '/friends/suggestions',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema, ...errors },
      },
    },
    async (request) => listSuggestions(ctx, currentUser(request), request.query),
  );
  r.get(
    '/friends/status/check',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        querystring: statusCheckQuerySchema,
        response: { 200: friendStatusResponseSchema, ...errors },
      },
    },
    async (request) => checkFriendStatus(ctx, currentUser(request), request.query),
  );
  r.get(
    '/friends/:userId/friends',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        params: friendUserParamsSchema,
        querystring: friendsQuerySchema,
        response: { 200: friendsResponseSchema, ...errors },
      },
    },
    async (request) => listFriends(ctx, currentUser(request), { userId: request.params.userId, ...request.query }),
  );
  r.get(
    '/friends/:userId/mutual',
    {
      ...signedIn,
      schema: {
        tags,
        hide: alias,
        ...secured,
        description: 'Friends the signed-in user and {userId} have in common (not in SPEC §7: added for "Mutual Friends").',
        params: friendUserParamsSchema,
        querystring: friendsQuerySchema,
        response: { 200: friendsResponseSchema, ...errors },
      },
    },
    async (request) => listMutualFriends(ctx, currentUser(request), { userId: request.params.userId, ...request.query }),
  );

  const answer = {
    200: friendActionResponseSchema,
    ...errors,
    409: errorBodySchema,
  };
  r.post(
    '/friends/request',
    {
      ...signedIn,
      schema: { tags, hide: alias, ...secured, body: friendRequestSchema, response: { ...answer, 429: errorBodySchema } },
    },
    async (request) => sendFriendRequest(ctx, currentUser(request), request.body),
  );
  r.post(
    '/friends/cancel',
    { ...signedIn, schema: { tags, hide: alias, ...secured, body: cancelRequestSchema, response: answer } },
    async (request) => cancelFriendRequest(ctx, currentUser(request), request.body),
  );
  r.post(
    '/friends/unfriend',
    { ...signedIn, schema: { tags, hide: alias, ...secured, body: unfriendRequestSchema, response: answer } },
    async (request) => unfriend(ctx, currentUser(request), request.body),
  );
  r.post(
    '/friends/accept',
    { ...signedIn, schema: { tags, hide: alias, ...secured, body: answerRequestSchema, response: answer } },
    async (request) => acceptFriendRequest(ctx, currentUser(request), request.body),
  );
  r.post(
    '/friends/reject',
    { ...signedIn, schema: { tags, hide: alias, ...secured, body: answerRequestSchema, response: answer } },
    async (request) => rejectFriendRequest(ctx, currentUser(request), request.body),
  );
  r.post(
    '/friends/respond',
    { ...signedIn, schema: { tags, hide: alias, ...secured, body: respondRequestSchema, response: answer } },
    async (request) => respondToFriendRequest(ctx, currentUser(request), request.body),
  );
}

import {
  assignRoleRequestSchema,
  assignRoleResponseSchema,
  errorBodySchema,
  groupIdParamsSchema,
  groupInvitationParamsSchema,
  groupMessageResponseSchema,
  groupUserParamsSchema,
  invitationsResponseSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  joinRequestsResponseSchema,
  kickRequestSchema,
  memberCountResponseSchema,
  membershipResponseSchema,
  membersQuerySchema,
  membersResponseSchema,
  requestsQuerySchema,
  respondInviteRequestSchema,
  respondInviteResponseSchema,
  transferRequestSchema,
  transferResponseSchema,
} from '@agora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { listInvitations, inviteToGroup, respondToInvite, revokeInvitation } from './invitations.service';
import { approveJoinRequest, cancelJoinRequest, declineJoinRequest, listJoinRequests } from './join-requests.service';
import { assignRole, joinGroup, kickMember, leaveGroup, listMembers, transferOwnership } from './members.service';

const tags = ['groups'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The members page and the invite answer, whose SPEC §7 paths have no /api prefix: registered at the path and
 * again under /api (app.ts ALIASED_MODULES). The token is optional for reading the members.
 */
export async function memberPublicRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { onRequest: app.optionalUser };

  r.post(
    '/groups/respond-invite',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        ...secured,
        body: respondInviteRequestSchema,
        response: { 200: respondInviteResponseSchema, ...errors },
      },
    },
    async (request) => respondToInvite(ctx, request.user, request.body),
  );
  r.get(
    '/groups/:id/members',
    {
      ...read,
      schema: {
        tags,
        hide: alias,
        params: groupIdParamsSchema,
        querystring: membersQuerySchema,
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => listMembers(ctx, request.user, { group: request.params.id, ...request.query }),
  );
}

/** Membership and moderation: join, leave, requests, invitations, kick, roles, ownership (SPEC §7: under /api only). */
export async function memberRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const act = { onRequest: app.optionalUser };
  const params = groupIdParamsSchema;

  const membership = { ...act, schema: { tags, ...secured, params, response: { 200: membershipResponseSchema, ...errors } } };
  r.post('/api/groups/:id/join', membership, async (request) => joinGroup(ctx, request.user, { group: request.params.id }));
  r.post('/api/groups/:id/leave', membership, async (request) => leaveGroup(ctx, request.user, { group: request.params.id }));
  r.delete('/api/groups/:id/join', membership, async (request) => cancelJoinRequest(ctx, request.user, { group: request.params.id }));

  r.get(
    '/api/groups/:id/requests',
    {
      ...act,
      schema: { tags, ...secured, params, querystring: requestsQuerySchema, response: { 200: joinRequestsResponseSchema, ...errors } },
    },
    async (request) => listJoinRequests(ctx, request.user, { group: request.params.id, ...request.query }),
  );
  const answer = {
    ...act,
    schema: { tags, ...secured, params: groupUserParamsSchema, response: { 200: memberCountResponseSchema, ...errors } },
  };
  r.post('/api/groups/:id/requests/:userId/approve', answer, async (request) =>
    approveJoinRequest(ctx, request.user, { group: request.params.id, userId: request.params.userId }),
  );
  r.post('/api/groups/:id/requests/:userId/decline', answer, async (request) =>
    declineJoinRequest(ctx, request.user, { group: request.params.id, userId: request.params.userId }),
  );

  r.post(
    '/api/groups/:id/invite',
    {
      ...act,
      schema: {
        tags,
        ...secured,
        params,
        body: inviteRequestSchema,
        response: { 200: inviteResponseSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => inviteToGroup(ctx, request.user, { group: request.params.id, userId: request.body.userId }),
  );
  r.get(
    '/api/groups/:id/invitations',
    {
      ...act,
      schema: { tags, ...secured, params, querystring: requestsQuerySchema, response: { 200: invitationsResponseSchema, ...errors } },
    },
    async (request) => listInvitations(ctx, request.user, { group: request.params.id, ...request.query }),
  );
  r.delete(
    '/api/groups/:id/invitations/:invitationId',
    {
      ...act,
      schema: { tags, ...secured, params: groupInvitationParamsSchema, response: { 200: groupMessageResponseSchema, ...errors } },
    },
    async (request) => revokeInvitation(ctx, request.user, { group: request.params.id, invitationId: request.params.invitationId }),
  );
  r.post(
    '/api/groups/:id/kick',
    { ...act, schema: { tags, ...secured, params, body: kickRequestSchema, response: { 200: memberCountResponseSchema, ...errors } } },
    async (request) => kickMember(ctx, request.user, { group: request.params.id, memberId: request.body.memberId }),
  );
  r.post(
    '/api/groups/:id/assign-role',
    { ...act, schema: { tags, ...secured, params, body: assignRoleRequestSchema, response: { 200: assignRoleResponseSchema, ...errors } } },
    async (request) => assignRole(ctx, request.user, { group: request.params.id, ...request.body }),
  );
  r.post(
    '/api/groups/:id/transfer',
    { ...act, schema: { tags, ...secured, params, body: transferRequestSchema, response: { 200: transferResponseSchema, ...errors } } },
    async (request) => transferOwnership(ctx, request.user, { group: request.params.id, memberId: request.body.memberId }),
  );
}

import {
  CREATE_GROUP_FILES,
  createGroupResponseSchema,
  deleteGroupRequestSchema,
  errorBodySchema,
  exploreQuerySchema,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  groupDetailResponseSchema,
  groupIdParamsSchema,
  groupListResponseSchema,
  groupMessageResponseSchema,
  listOwnerParamsSchema,
  ownListQuerySchema,
  privacyRequestSchema,
  privacyResponseSchema,
  suggestedQuerySchema,
  updateGroupRequestSchema,
  updateGroupResponseSchema,
} from '@agora/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { readForm, readMultipartForm } from '../../lib/multipart-form';
import { currentUser } from '../../plugins/auth';
import {
  createGroup,
  deleteGroup,
  getGroupDetail,
  type GroupForm,
  listExplore,
  listSuggested,
  listUserGroups,
  setPrivacy,
  updateGroupForm,
  updateGroupJson,
} from './groups.service';

const tags = ['groups'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** A section or name is at most 5,000 characters: 4 bytes each in UTF-8, plus room. */
const MAX_FIELD_BYTES = GROUP_LIMITS.sectionMax * 4 + 1024;
const FILE_RULES = {
  group_banner: { maxBytes: CREATE_GROUP_FILES.group_banner, tooLarge: GROUP_MESSAGES.bannerTooLarge },
  group_dp: { maxBytes: CREATE_GROUP_FILES.group_dp, tooLarge: GROUP_MESSAGES.pictureTooLarge },
};

/** The create form (multipart, or JSON without files); the body is only read for a signed-in user. */
function readCreateForm(request: FastifyRequest): Promise<GroupForm> {
  return readForm(request, {
    files: FILE_RULES,
    fields: ['group_name', 'aboutText', 'rulesText', 'socialMediaText', 'owner_id'],
    maxFieldBytes: MAX_FIELD_BYTES,
  });
}

/**
 * Community reads and the invite answer, whose SPEC §7 paths have no /api prefix: registered at the path and
 * again under /api (app.ts ALIASED_MODULES). The token is optional for reading a community.
 */
export async function groupPublicRoutes(app: FastifyInstance, { ctx, alias }: { ctx: AppContext; alias?: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { onRequest: app.optionalUser };
  const signedIn = { onRequest: app.requireUser };

  r.get(
    '/groups',
    {
      ...read,
      schema: { tags, hide: alias, querystring: exploreQuerySchema, response: { 200: groupListResponseSchema, 400: errorBodySchema } },
    },
    async (request) => listExplore(ctx, request.user, request.query),
  );
  r.get(
    '/groups/suggested',
    {
      ...read,
      schema: { tags, hide: alias, querystring: suggestedQuerySchema, response: { 200: groupListResponseSchema, 400: errorBodySchema } },
    },
    async (request) => listSuggested(ctx, request.user, request.query),
  );
  for (const kind of ['joined', 'mine'] as const) {
    r.get(
      `/groups/${kind}`,
      {
        ...signedIn,
        schema: { tags, hide: alias, ...secured, querystring: ownListQuerySchema, response: { 200: groupListResponseSchema, ...errors } },
      },
      async (request) => listUserGroups(ctx, currentUser(request), kind, null, request.query),
    );
    r.get(
      `/groups/${kind}/:userId`,
      {
        ...signedIn,
        schema: {
          tags,
          hide: alias,
          ...secured,
          params: listOwnerParamsSchema,
          querystring: ownListQuerySchema,
          response: { 200: groupListResponseSchema, ...errors },
        },
      },
      async (request) => listUserGroups(ctx, currentUser(request), kind, request.params.userId, request.query),
    );
  }
  r.get(
    '/groups/:id',
    {
      ...read,
      schema: { tags, hide: alias, params: groupIdParamsSchema, response: { 200: groupDetailResponseSchema, 404: errorBodySchema } },
    },
    async (request) => getGroupDetail(ctx, request.user, request.params.id),
  );
}

/** Community writes, membership and moderation: SPEC §7 writes these under /api only. */
export async function groupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const act = { onRequest: app.optionalUser };
  const params = groupIdParamsSchema;

  r.post(
    '/api/groups',
    {
      ...act,
      schema: {
        tags,
        ...secured,
        consumes: ['multipart/form-data', 'application/json'],
        description:
          'Multipart: group_name, aboutText, rulesText, socialMediaText, owner_id (ignored), group_banner (≤ 15 MB), group_dp (≤ 5 MB). JSON without files also works.',
        response: {
          201: createGroupResponseSchema,
          ...errors,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.user) throw AppError.unauthorized(GROUP_MESSAGES.loginToCreate);
      const result = await createGroup(ctx, request.user, await readCreateForm(request));
      return reply.status(201).send(result);
    },
  );
  r.put(
    '/api/groups/:id',
    {
      ...act,
      schema: {
        tags,
        ...secured,
        consumes: ['application/json', 'multipart/form-data'],
        description:
          'JSON with exactly one of group_name, about, rules, social_media; or multipart with group_banner, group_dp, group_name.',
        params,
        // A multipart request has no parsed body (null): the form is read in the handler.
        body: updateGroupRequestSchema.nullish(),
        response: {
          200: updateGroupResponseSchema,
          ...errors,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!request.user) throw AppError.unauthorized();
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, { files: FILE_RULES, fields: ['group_name'], maxFieldBytes: MAX_FIELD_BYTES });
        return updateGroupForm(ctx, request.user, request.params.id, form);
      }
      if (!request.body) throw AppError.badRequest(GROUP_MESSAGES.updateExactlyOne);
      return updateGroupJson(ctx, request.user, request.params.id, request.body);
    },
  );
  r.put(
    '/api/groups/:id/privacy',
    { ...act, schema: { tags, ...secured, params, body: privacyRequestSchema, response: { 200: privacyResponseSchema, ...errors } } },
    async (request) => setPrivacy(ctx, request.user, request.params.id, request.body.is_private),
  );
  r.delete(
    '/api/groups/:id',
    {
      ...act,
      schema: { tags, ...secured, params, body: deleteGroupRequestSchema, response: { 200: groupMessageResponseSchema, ...errors } },
    },
    async (request) => deleteGroup(ctx, request.user, request.params.id, request.body.confirmName),
  );
}

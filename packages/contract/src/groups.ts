import { z } from 'zod';
import { cleanGroupName, GROUP_LIMITS, GROUP_MESSAGES, SECTION_HEADERS } from './groups-rules';
import { nextCursorSchema, PAGE_SIZE_MAX } from './pagination';
import { communityAbilitiesSchema } from './abilities';
import { ASSIGNABLE_ROLES, ROLES } from './roles';
import { textField } from './text';
import { cleanLine } from './text-rules';

/**
 * Communities (SPEC §2 community page, §3 Group / Group section / Group member, §4 membership, §5 creation and
 * rename, §6 roles, §7 "Communities"). Field names are the spec's (§3): snake_case where the spec writes them so.
 *
 * The endpoints (`{id}` = numeric id or slug, current or former; paths without /api also answer under /api):
 *   GET    /groups                          exploreQuerySchema         → groupListResponseSchema (public, by size)
 *   GET    /groups/suggested                suggestedQuerySchema       → groupListResponseSchema (nextCursor null)
 *   GET    /groups/joined[/{userId}]        ownListQuerySchema         → groupListResponseSchema (owned ones too)
 *   GET    /groups/mine[/{userId}]          ownListQuerySchema         → groupListResponseSchema
 *   GET    /groups/{id}                                                → groupDetailResponseSchema (token optional)
 *   GET    /groups/{id}/members             membersQuerySchema         → membersResponseSchema (403 private)
 *   POST   /groups/respond-invite           respondInviteRequestSchema → respondInviteResponseSchema
 *   POST   /api/groups                      multipart (createGroupFieldsSchema + CREATE_GROUP_FILES) → 201 createGroupResponseSchema
 *   PUT    /api/groups/{id}                 updateGroupRequestSchema | multipart (updateGroupFieldsSchema + files) → updateGroupResponseSchema
 *   PUT    /api/groups/{id}/privacy         privacyRequestSchema       → privacyResponseSchema
 *   DELETE /api/groups/{id}                 deleteGroupRequestSchema   → groupMessageResponseSchema
 *   POST   /api/groups/{id}/join | /leave   (no body)                  → membershipResponseSchema
 *   DELETE /api/groups/{id}/join            (no body) cancels the viewer's pending request → membershipResponseSchema
 *   GET    /api/groups/{id}/requests        requestsQuerySchema        → joinRequestsResponseSchema (staff)
 *   POST   /api/groups/{id}/requests/{userId}/approve | /decline       → memberCountResponseSchema (staff)
 *   POST   /api/groups/{id}/invite          inviteRequestSchema        → inviteResponseSchema (staff)
 *   GET    /api/groups/{id}/invitations     requestsQuerySchema        → invitationsResponseSchema (staff; pending, oldest first)
 *   DELETE /api/groups/{id}/invitations/{invitationId}                 → groupMessageResponseSchema (staff revoke)
 *   POST   /api/groups/{id}/kick            kickRequestSchema          → memberCountResponseSchema
 *   POST   /api/groups/{id}/assign-role     assignRoleRequestSchema    → assignRoleResponseSchema
 *   POST   /api/groups/{id}/transfer        transferRequestSchema      → transferResponseSchema (owner → an admin)
 * Errors are `{ message, code, fields? }` (errors.ts); a missing community is 404 code `group_not_found`.
 */
export const groupNameField = textField({
  max: GROUP_LIMITS.nameMax,
  tooLong: GROUP_MESSAGES.nameTooLong,
  required: GROUP_MESSAGES.nameInvalid,
  clean: cleanGroupName,
  name: true,
});

export const sectionField = textField({ max: GROUP_LIMITS.sectionMax, tooLong: GROUP_MESSAGES.sectionTooLong });

// ---------------------------------------------------------------------------------------------------------------
// Shared field schemas

const INT4_MAX = 2_147_483_647;

/** A positive database id sent as a number or a digit string; anything else (negative, huge, text) is a 400. */
export const idField = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[0-9]{1,10}$/, message),
      ],
      { error: message },
    )
    .transform((v) => Number(v))
    .pipe(z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message));

/** true/false, also as 1/0 or "true"/"false"/"1"/"0" (form posts and older clients). */
const looseBoolean = (message: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], { error: message })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

const searchField = z
  .string()
  .max(GROUP_LIMITS.searchMax, `Search must be at most ${GROUP_LIMITS.searchMax} characters`)
  .transform((v) => cleanLine(v))
  .optional();

const zeroOne = z.union([z.literal(0), z.literal(1)]);

// ---------------------------------------------------------------------------------------------------------------
// Entities (SPEC §3)

/** A community as every response carries it. `is_private` and `group_verified` are 1/0 as the spec writes them. */
export const groupSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  group_name: z.string(),
  group_dp: z.string().nullable(),
  group_banner: z.string().nullable(),
  owner_id: z.number().int(),
  is_private: zeroOne,
  group_verified: zeroOne,
  category: z.string().nullable(),
  post_count: z.number().int(),
  member_count: z.number().int(),
  /** The viewer (not the listed user) is a member; false for visitors. Both spellings of SPEC §3. */
  is_member: z.boolean(),
  isMember: z.boolean(),
  /** The viewer owns it (lists mark owned communities; compare owner_id for another user's lists). */
  is_owner: z.boolean(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupSectionSchema = z.object({
  section_header: z.enum(SECTION_HEADERS),
  section_desc: z.string(),
});
export type GroupSection = z.infer<typeof groupSectionSchema>;

export const groupMemberSchema = z.object({
  /** The user's id. */
  id: z.number().int(),
  username: z.string(),
  role_name: z.enum(ROLES),
  profileImage: z.string().nullable(),
  bannerImage: z.string().nullable(),
  joined_at: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const joinRequestSchema = z.object({
  /** The requester's user id (approve/decline take it). */
  id: z.number().int(),
  username: z.string(),
  profileImage: z.string().nullable(),
  requested_at: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** A pending invitation (a group_invite notification), as staff see it in the Members tab. */
export const invitationSchema = z.object({
  /** The invitation's id: the group_invite notification's id (DELETE …/invitations/{id} revokes it). */
  id: z.number().int(),
  /** The invited person. */
  user_id: z.number().int(),
  username: z.string(),
  profileImage: z.string().nullable(),
  /** Who sent it (null once the sender's account is gone). */
  invited_by: z.string().nullable(),
  invited_by_id: z.number().int().nullable(),
  invited_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The viewer's membership state: a member (any role), a pending join request, or neither. */
export const MEMBERSHIP_STATUSES = ['member', 'requested', 'none'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Paths and queries

/** `{id}` in every group path: the numeric id or a slug (current or former). Anything else is a 404. */
export const groupIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const groupInvitationParamsSchema = z.object({
  id: z.string().min(1).max(200),
  invitationId: idField(GROUP_MESSAGES.inviteNotFound),
});
export const groupUserParamsSchema = z.object({ id: z.string().min(1).max(200), userId: idField(GROUP_MESSAGES.invalidUserId) });
export const listOwnerParamsSchema = z.object({ userId: idField(GROUP_MESSAGES.invalidUserId) });

const limitField = (max: number) => z.coerce.number().int().min(1).max(max).optional();

/** GET /groups (Explore, side panel search): public communities by size; `search` matches names anywhere. */
export const exploreQuerySchema = z.object({
  search: searchField,
  cursor: z.string().max(200).optional(),
  limit: limitField(PAGE_SIZE_MAX),
});
export type ExploreQuery = z.input<typeof exploreQuerySchema>;
export const suggestedQuerySchema = z.object({ limit: limitField(PAGE_SIZE_MAX) });
export type SuggestedQuery = z.input<typeof suggestedQuerySchema>;
export const ownListQuerySchema = z.object({ cursor: z.string().max(200).optional(), limit: limitField(GROUP_LIMITS.ownListMax) });
export type OwnListQuery = z.input<typeof ownListQuerySchema>;
/** GET /groups/{id}/members: `search` is a case-insensitive username substring. */
export const membersQuerySchema = z.object({
  search: searchField,
  cursor: z.string().max(200).optional(),
  limit: limitField(PAGE_SIZE_MAX),
});
export type MembersQuery = z.input<typeof membersQuerySchema>;
/** Join requests and invitations (staff): oldest first. */
export const requestsQuerySchema = z.object({ cursor: z.string().max(200).optional(), limit: limitField(PAGE_SIZE_MAX) });
export type RequestsQuery = z.input<typeof requestsQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Requests

/**
 * POST /api/groups, multipart text fields (files: `group_banner` ≤ 15 MB, `group_dp` ≤ 5 MB, both optional).
 * `owner_id` is accepted and ignored: the owner is always the signed-in user.
 */
export const createGroupFieldsSchema = z.object({
  group_name: groupNameField,
  aboutText: sectionField.optional().default(''),
  rulesText: sectionField.optional().default(''),
  socialMediaText: sectionField.optional().default(''),
  owner_id: z.union([z.string().max(20), z.number()]).optional(),
});
export type CreateGroupFields = z.input<typeof createGroupFieldsSchema>;
export const CREATE_GROUP_FILES = { group_banner: GROUP_LIMITS.bannerBytes, group_dp: GROUP_LIMITS.pictureBytes } as const;

/** PUT /api/groups/{id} as JSON: exactly one of the four keys. */
export const updateGroupRequestSchema = z
  .object({
    group_name: groupNameField.optional(),
    about: sectionField.optional(),
    rules: sectionField.optional(),
    social_media: sectionField.optional(),
  })
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, { message: GROUP_MESSAGES.updateExactlyOne });
export type UpdateGroupRequest = z.input<typeof updateGroupRequestSchema>;
/** PUT /api/groups/{id} as multipart: any of `group_banner`, `group_dp` (files) and `group_name`. */
export const updateGroupFieldsSchema = z.object({ group_name: groupNameField.optional() });
export type UpdateGroupFields = z.input<typeof updateGroupFieldsSchema>;

export const privacyRequestSchema = z.object({ is_private: looseBoolean('is_private must be 0 or 1') });
export type PrivacyRequest = z.input<typeof privacyRequestSchema>;

export const memberIdRequestSchema = z.object({ memberId: idField(GROUP_MESSAGES.invalidMemberId) });
export type MemberIdRequest = z.input<typeof memberIdRequestSchema>;
export const kickRequestSchema = memberIdRequestSchema;
export const transferRequestSchema = memberIdRequestSchema;
export const assignRoleRequestSchema = z.object({
  memberId: idField(GROUP_MESSAGES.invalidMemberId),
  newRole: z.enum(ASSIGNABLE_ROLES, { error: 'newRole must be admin, moderator or member' }),
});
export type AssignRoleRequest = z.input<typeof assignRoleRequestSchema>;

export const inviteRequestSchema = z.object({ userId: idField(GROUP_MESSAGES.invalidUserId) });
export type InviteRequest = z.input<typeof inviteRequestSchema>;

export const respondInviteRequestSchema = z.object({
  notificationId: idField(GROUP_MESSAGES.inviteNotFound),
  accept: looseBoolean('accept must be true or false'),
});
export type RespondInviteRequest = z.input<typeof respondInviteRequestSchema>;

/** DELETE /api/groups/{id}: the community's name typed again (case-sensitive after trimming). */
export const deleteGroupRequestSchema = z.object({
  confirmName: z.string({ error: GROUP_MESSAGES.confirmNameMismatch }).max(200, GROUP_MESSAGES.confirmNameMismatch),
});
export type DeleteGroupRequest = z.input<typeof deleteGroupRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Responses

/** GET /groups/{id}: the header (readable by anyone, private or not) and the viewer's relation to it. */
export const groupDetailResponseSchema = z.object({
  group: groupSchema,
  /** Always the three sections, in the order About Us, Rules & Regulations, Social Media. */
  overview: z.array(groupSectionSchema),
  isMember: z.boolean(),
  /** The viewer's role, or null (visitor or not a member). */
  role: z.enum(ROLES).nullable(),
  /** 'pending' while the viewer's request to join this (private) community waits for staff. */
  joinRequest: z.enum(['none', 'pending']),
  /** A pending invitation of the viewer to this community (answer it with POST /groups/respond-invite). */
  invite: z.object({ notificationId: z.number().int(), sender_username: z.string().nullable() }).nullable(),
  /** What the viewer may do in this community (the community policy; additive). */
  abilities: communityAbilitiesSchema.optional(),
});
export type GroupDetailResponse = z.infer<typeof groupDetailResponseSchema>;

export const createGroupResponseSchema = z.object({
  group_id: z.number().int(),
  message: z.string(),
  slug: z.string(),
  group: groupSchema,
});
export type CreateGroupResponse = z.infer<typeof createGroupResponseSchema>;

/** PUT /api/groups/{id}: the community after the change (a rename gives a new slug). */
export const updateGroupResponseSchema = z.object({ message: z.string(), group: groupSchema, overview: z.array(groupSectionSchema) });
export type UpdateGroupResponse = z.infer<typeof updateGroupResponseSchema>;

export const privacyResponseSchema = z.object({ message: z.string(), is_private: zeroOne });
export type PrivacyResponse = z.infer<typeof privacyResponseSchema>;

/** Every list of communities: GET /groups, /groups/joined[/{userId}], /groups/mine[/{userId}], /groups/suggested. */
export const groupListResponseSchema = z.object({ groups: z.array(groupSchema), nextCursor: nextCursorSchema });
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

export const membersResponseSchema = z.object({ members: z.array(groupMemberSchema), nextCursor: nextCursorSchema });
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const joinRequestsResponseSchema = z.object({ requests: z.array(joinRequestSchema), nextCursor: nextCursorSchema });
export type JoinRequestsResponse = z.infer<typeof joinRequestsResponseSchema>;

export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema), nextCursor: nextCursorSchema });
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>;

/** POST /api/groups/{id}/join and /leave, DELETE /api/groups/{id}/join (cancel a request). */
export const membershipResponseSchema = z.object({
  message: z.string(),
  isMember: z.boolean(),
  status: z.enum(MEMBERSHIP_STATUSES),
  member_count: z.number().int(),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

/** Approve or decline a join request; kick. */
export const memberCountResponseSchema = z.object({ message: z.string(), member_count: z.number().int() });
export type MemberCountResponse = z.infer<typeof memberCountResponseSchema>;

export const assignRoleResponseSchema = z.object({ message: z.string(), member: groupMemberSchema });
export type AssignRoleResponse = z.infer<typeof assignRoleResponseSchema>;

export const transferResponseSchema = z.object({ message: z.string(), owner_id: z.number().int() });
export type TransferResponse = z.infer<typeof transferResponseSchema>;

export const inviteResponseSchema = z.object({ message: z.string(), notificationId: z.number().int() });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const respondInviteResponseSchema = z.object({
  message: z.string(),
  isMember: z.boolean(),
  group_id: z.number().int(),
  slug: z.string(),
});
export type RespondInviteResponse = z.infer<typeof respondInviteResponseSchema>;

export const groupMessageResponseSchema = z.object({ message: z.string() });

import type {
  AccountExport,
  AccountSessionsResponse,
  AccountState,
  ChangeEmailRequest,
  ChangePasswordRequest,
  ConfirmEmailChangeRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  UnsubscribeDigestRequest,
} from './account';
import type { SiteLogQuery, SiteLogResponse, SuspendedUsersResponse, SuspendRequest } from './admin';
import type {
  CreateReportRequest,
  ReportQueue,
  ReportQueueQuery,
  ReportSent,
  ResolveReportRequest,
  ResolveReportResponse,
} from './reports';
import type { RemovalRequest, RemovalResponse } from './removals';
import type { SearchQuery, SearchResponse } from './search';
import type { PushKeyResponse, PushSubscriptionRequest, PushUnsubscribeRequest } from './push';
import type { LoginRequest, LoginResponse, MessageResponse, RegisterRequest, RegisterResponse } from './auth';
import type {
  BlogFields,
  BlogLikeResponse,
  BlogLikeStatusResponse,
  BlogListQuery,
  BlogPostsResponse,
  BlogResponse,
  BlogShareResponse,
  CreateBlogResponse,
  JoinedBlogsResponse,
  UpdateBlogResponse,
} from './blogs';
import type {
  ActivityQuery,
  ActivityResponse,
  CommentDeleteResponse,
  CommentUpdateResponse,
  UpdateCommentRequest,
  CommentListQuery,
  CommentListResponse,
  CommentsQuery,
  CommentWriteResponse,
  CreateCommentRequest,
  CreateDiscussionRequest,
  DiscussionListResponse,
  DiscussionMessageResponse,
  DiscussionResponse,
  DiscussionWriteResponse,
  FeedQuery,
  LikeRequest,
  LikeResponse,
  LikeStatusResponse,
  PinResponse,
  ReplyListResponse,
  UpdateDiscussionRequest,
} from './discussions';
import type { EditHistoryResponse } from './history';
import type {
  AnswerRequestBody,
  CancelRequestBody,
  FriendActionResponse,
  FriendRequestBody,
  FriendsQuery,
  FriendsResponse,
  FriendStatusResponse,
  RespondRequestBody,
  StatusCheckQuery,
  SuggestionsQuery,
  SuggestionsResponse,
  UnfriendRequestBody,
} from './friends';
import type {
  AssignRoleRequest,
  AssignRoleResponse,
  CreateGroupFields,
  CreateGroupResponse,
  DeleteGroupRequest,
  ExploreQuery,
  GroupDetailResponse,
  GroupListResponse,
  InvitationsResponse,
  InviteRequest,
  InviteResponse,
  JoinRequestsResponse,
  MemberCountResponse,
  MemberIdRequest,
  MembersQuery,
  MembersResponse,
  MembershipResponse,
  OwnListQuery,
  PrivacyRequest,
  PrivacyResponse,
  RequestsQuery,
  RespondInviteRequest,
  RespondInviteResponse,
  SuggestedQuery,
  TransferResponse,
  UpdateGroupFields,
  UpdateGroupRequest,
  UpdateGroupResponse,
} from './groups';
import type { BlockedListResponse, BlockedQuery, BlockState } from './blocks';
import type { HealthResponse } from './health';
import type {
  ClearNotificationsResponse,
  MuteRequest,
  MutesResponse,
  MuteState,
  NotificationCountResponse,
  NotificationSettings,
  NotificationsQuery,
  UpdateNotificationSettings,
  NotificationsResponse,
  ReportLikeRequest,
  ReportLikeResponse,
} from './notifications';
import type { MentionQuery, MentionResponse } from './search';
import type { PostingRules, PostingRulesRequest, PostingRulesResponse } from './posting';
import type { BanRequest, BanResponse, BansQuery, BansResponse, ModlogQuery, ModlogResponse, UnbanResponse } from './moderation';
import type { ImagePathResponse, ImageUrlResponse, Profile, UpdateProfileRequest, UserLookupQuery, UserSummary } from './profiles';

/**
 * Every API call, once (issue 13 §3, §5): its method, its path as the server registers it (a Fastify pattern:
 * `:name` segments), a builder for the path, and, as types only, the contract's request body, query and response.
 * The web calls the API only through this table (apps/web/src/lib/api-client.ts `call`), so a body or query that
 * is not the contract's request type does not compile; the server's test checks every pattern is registered
 * (apps/server/src/api-paths.test.ts).
 *
 * Paths are SPEC §7's exactly (some under /api, most without). Where the spec names none, the path is the one the
 * server registers: `/api/…` for the routes that exist only there (join, requests, invitations, …), the bare path
 * for the modules that answer both (ALIASED_MODULES in apps/server/src/app.ts), as the web has always called them.
 * Responses are typed, never parsed at run time (docs/decisions/0047-the-web-app-trusts-the-contract-s-responses.md).
 *
 * Types only besides the tiny builders: no zod here, so the web's first screen can import it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A path parameter: an id, or a community's slug. Every one is URL-encoded into its segment. */
export type PathParam = string | number;

/** The arguments of a pattern's path builder: one per `:name`, in order. */
export type PathArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [PathParam, ...PathArgs<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [PathParam]
    : [];

/**
 * A multipart body whose text fields are `Fields`: a FormData at run time (the contract names no platform types,
 * so this is the part of FormData a body needs); the type keeps the fields' names.
 */
export type MultipartBody<Fields> = { append(name: string, value: unknown, filename?: string): void; readonly __fields?: Fields };

// The contract compiles without platform types; every runtime that loads it (Node, browsers) has URLSearchParams.
declare const URLSearchParams: new () => { set(name: string, value: string): void; toString(): string };

/** One API call. `Body`, `Query` and `Response` exist as types only (`types` is never set). */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Body = undefined,
  Query = undefined,
  Response = unknown,
> {
  readonly method: M;
  /** The path as the server registers it, e.g. `/groups/:id/discussions/:discussionId`. */
  readonly pattern: P;
  /** The path with its parameters filled in, each URL-encoded. */
  path(...params: PathArgs<P>): string;
  readonly types?: { body: Body; query: Query; response: Response };
}

/** A `call`'s body, query and response types. */
export type BodyOf<E> = E extends Endpoint<HttpMethod, string, infer B, unknown, unknown> ? B : never;
export type QueryOf<E> = E extends Endpoint<HttpMethod, string, unknown, infer Q, unknown> ? Q : never;
export type ResponseOf<E> = E extends Endpoint<HttpMethod, string, unknown, unknown, infer R> ? R : never;
export type ParamsOf<E> = E extends Endpoint<HttpMethod, infer P, unknown, unknown, unknown> ? PathArgs<P> : never;

/** Fills `:name` segments in order, each URL-encoded. */
export function fillPath(pattern: string, params: readonly PathParam[]): string {
  let i = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(params[i++])));
}

/**
 * `path?key=value&…` with the parameters that have a value (undefined, null and '' are left out), in the order
 * given, encoded. The same string for the same query: public/first-requests.js starts some of these early.
 */
export function pathWithQuery(path: string, query: object | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Declares an endpoint; `.body<T>()`, `.query<T>()` and `.returns<T>()` only set its types. */
interface EndpointBuilder<M extends HttpMethod, P extends string, B, Q> {
  body<T>(): EndpointBuilder<M, P, T, Q>;
  query<T>(): EndpointBuilder<M, P, B, T>;
  returns<R>(): Endpoint<M, P, B, Q, R>;
}

function endpoint<M extends HttpMethod, P extends string>(method: M, pattern: P): EndpointBuilder<M, P, undefined, undefined> {
  const built: Endpoint<M, P> = { method, pattern, path: (...params) => fillPath(pattern, params as PathParam[]) };
  const builder: EndpointBuilder<M, P, undefined, undefined> = {
    body: () => builder as never,
    query: () => builder as never,
    returns: () => built as never,
  };
  return builder;
}
const get = <P extends string>(pattern: P) => endpoint('GET', pattern);
const post = <P extends string>(pattern: P) => endpoint('POST', pattern);
const put = <P extends string>(pattern: P) => endpoint('PUT', pattern);
const del = <P extends string>(pattern: P) => endpoint('DELETE', pattern);

export const API = {
  health: get('/api/health').returns<HealthResponse>(),

  auth: {
    login: post('/api/auth/login').body<LoginRequest>().returns<LoginResponse>(),
    register: post('/api/auth/register').body<RegisterRequest>().returns<RegisterResponse>(),
    logout: post('/auth/logout').returns<MessageResponse>(),
    verifyEmail: post('/api/auth/verify-email').body<VerifyEmailRequest>().returns<MessageResponse>(),
    resendVerification: post('/api/auth/verify-email/resend').returns<MessageResponse>(),
    forgotPassword: post('/api/auth/password/forgot').body<ForgotPasswordRequest>().returns<MessageResponse>(),
    resetPassword: post('/api/auth/password/reset').body<ResetPasswordRequest>().returns<MessageResponse>(),
    changePassword: post('/api/auth/password/change').body<ChangePasswordRequest>().returns<MessageResponse>(),
    changeEmail: post('/api/auth/email/change').body<ChangeEmailRequest>().returns<MessageResponse>(),
    confirmEmail: post('/api/auth/email/confirm').body<ConfirmEmailChangeRequest>().returns<MessageResponse>(),
    sessions: get('/api/auth/sessions').returns<AccountSessionsResponse>(),
    endSession: del('/api/auth/sessions/:id').returns<MessageResponse>(),
    endOtherSessions: del('/api/auth/sessions').query<{ others: '1' }>().returns<MessageResponse>(),
  },

  account: {
    state: get('/api/account').returns<AccountState>(),
    requestExport: post('/api/account/export').returns<AccountExport>(),
    latestExport: get('/api/account/export').returns<{ export: AccountExport | null }>(),
    // A zip, not JSON: the web fetches it as bytes.
    downloadExport: get('/api/account/export/:id').returns<ArrayBuffer>(),
    remove: del('/api/account').body<DeleteAccountRequest>().returns<MessageResponse>(),
  },

  /** Site staff (issue 15 §8): 404 to anyone but a site admin. */
  admin: {
    suspended: get('/api/admin/users/suspended').returns<SuspendedUsersResponse>(),
    suspend: post('/api/admin/users/:id/suspend').body<SuspendRequest>().returns<MessageResponse>(),
    unsuspend: post('/api/admin/users/:id/unsuspend').returns<MessageResponse>(),
    log: get('/api/admin/log').query<SiteLogQuery>().returns<SiteLogResponse>(),
    reports: get('/api/admin/reports').query<ReportQueueQuery>().returns<ReportQueue>(),
  },

  /** Reports to a community's staff (issue 15 §2). */
  reports: {
    file: post('/api/reports').body<CreateReportRequest>().returns<ReportSent>(),
    queue: get('/api/groups/:id/reports').query<ReportQueueQuery>().returns<ReportQueue>(),
    resolve: post('/api/reports/:id/resolve').body<ResolveReportRequest>().returns<ResolveReportResponse>(),
  },

  users: {
    profile: get('/users/profile').returns<Profile>(),
    updateProfile: put('/users/profile').body<UpdateProfileRequest>().returns<Profile>(),
    lookup: get('/users/lookup').query<UserLookupQuery>().returns<UserSummary>(),
    byId: get('/users/:id').returns<Profile>(),
    activity: get('/users/:id/activity').query<ActivityQuery>().returns<ActivityResponse>(),
    block: post('/api/users/:id/block').returns<BlockState>(),
    unblock: del('/api/users/:id/block').returns<BlockState>(),
    blocked: get('/api/users/blocked').query<BlockedQuery>().returns<BlockedListResponse>(),
  },

  uploads: {
    profilePicture: post('/profile/upload-picture').body<MultipartBody<Record<never, never>>>().returns<ImagePathResponse>(),
    profileBanner: post('/profile/upload-banner').body<MultipartBody<Record<never, never>>>().returns<ImagePathResponse>(),
    image: post('/upload/image').body<MultipartBody<Record<never, never>>>().returns<ImageUrlResponse>(),
  },

  friends: {
    list: get('/friends/:userId/friends').query<FriendsQuery>().returns<FriendsResponse>(),
    mutual: get('/friends/:userId/mutual').query<FriendsQuery>().returns<FriendsResponse>(),
    suggestions: get('/friends/suggestions').query<SuggestionsQuery>().returns<SuggestionsResponse>(),
    status: get('/friends/status/check').query<StatusCheckQuery>().returns<FriendStatusResponse>(),
    request: post('/friends/request').body<FriendRequestBody>().returns<FriendActionResponse>(),
    cancel: post('/friends/cancel').body<CancelRequestBody>().returns<FriendActionResponse>(),
    unfriend: post('/friends/unfriend').body<UnfriendRequestBody>().returns<FriendActionResponse>(),
    accept: post('/friends/accept').body<AnswerRequestBody>().returns<FriendActionResponse>(),
    reject: post('/friends/reject').body<AnswerRequestBody>().returns<FriendActionResponse>(),
    respond: post('/friends/respond').body<RespondRequestBody>().returns<FriendActionResponse>(),
  },

  /** `@mention` suggestions of the editors (issue 16 §4, search.ts). */
  mentions: {
    suggest: get('/api/search/mentions').query<MentionQuery>().returns<MentionResponse>(),
  },

  notifications: {
    list: get('/notifications').query<NotificationsQuery>().returns<NotificationsResponse>(),
    read: put('/notifications/:id/read').returns<NotificationCountResponse>(),
    remove: del('/notifications/:id').returns<NotificationCountResponse>(),
    clear: del('/notifications').returns<ClearNotificationsResponse>(),
    reportLike: post('/notifications').body<ReportLikeRequest>().returns<ReportLikeResponse>(),
    settings: get('/notifications/settings').returns<NotificationSettings>(),
    updateSettings: put('/notifications/settings').body<UpdateNotificationSettings>().returns<NotificationSettings>(),
    // Issue 14 §6: the digest mail's link, without signing in (the token is the proof).
    unsubscribeDigest: post('/api/notifications/digest/unsubscribe').body<UnsubscribeDigestRequest>().returns<MessageResponse>(),
    mutes: get('/api/notifications/mutes').returns<MutesResponse>(),
    muteGroup: put('/api/groups/:id/mute').body<MuteRequest>().returns<MuteState>(),
    muteDiscussion: put('/groups/:groupId/discussions/:discussionId/mute').body<MuteRequest>().returns<MuteState>(),
  },

  groups: {
    explore: get('/groups').query<ExploreQuery>().returns<GroupListResponse>(),
    suggested: get('/groups/suggested').query<SuggestedQuery>().returns<GroupListResponse>(),
    joined: get('/groups/joined').query<OwnListQuery>().returns<GroupListResponse>(),
    joinedOf: get('/groups/joined/:userId').query<OwnListQuery>().returns<GroupListResponse>(),
    mine: get('/groups/mine').query<OwnListQuery>().returns<GroupListResponse>(),
    mineOf: get('/groups/mine/:userId').query<OwnListQuery>().returns<GroupListResponse>(),
    detail: get('/groups/:id').returns<GroupDetailResponse>(),
    create: post('/api/groups').body<MultipartBody<CreateGroupFields>>().returns<CreateGroupResponse>(),
    update: put('/api/groups/:id').body<UpdateGroupRequest | MultipartBody<UpdateGroupFields>>().returns<UpdateGroupResponse>(),
    privacy: put('/api/groups/:id/privacy').body<PrivacyRequest>().returns<PrivacyResponse>(),
    remove: del('/api/groups/:id').body<DeleteGroupRequest>().returns<MessageResponse>(),
    postingRules: get('/api/groups/:id/posting-rules').returns<PostingRules>(),
    updatePostingRules: put('/api/groups/:id/posting-rules').body<PostingRulesRequest>().returns<PostingRulesResponse>(),
  },

  /** Members of a community, joining, join requests and invitations (SPEC §7 "Communities"). */
  members: {
    list: get('/groups/:id/members').query<MembersQuery>().returns<MembersResponse>(),
    join: post('/api/groups/:id/join').returns<MembershipResponse>(),
    leave: post('/api/groups/:id/leave').returns<MembershipResponse>(),
    cancelJoin: del('/api/groups/:id/join').returns<MembershipResponse>(),
    requests: get('/api/groups/:id/requests').query<RequestsQuery>().returns<JoinRequestsResponse>(),
    approve: post('/api/groups/:id/requests/:userId/approve').returns<MemberCountResponse>(),
    decline: post('/api/groups/:id/requests/:userId/decline').returns<MemberCountResponse>(),
    invite: post('/api/groups/:id/invite').body<InviteRequest>().returns<InviteResponse>(),
    invitations: get('/api/groups/:id/invitations').query<RequestsQuery>().returns<InvitationsResponse>(),
    revokeInvitation: del('/api/groups/:id/invitations/:invitationId').returns<MessageResponse>(),
    respondInvite: post('/groups/respond-invite').body<RespondInviteRequest>().returns<RespondInviteResponse>(),
    kick: post('/api/groups/:id/kick').body<MemberIdRequest>().returns<MemberCountResponse>(),
    assignRole: post('/api/groups/:id/assign-role').body<AssignRoleRequest>().returns<AssignRoleResponse>(),
    transfer: post('/api/groups/:id/transfer').body<MemberIdRequest>().returns<TransferResponse>(),
  },

  /** Bans and the moderation log of a community (issue 15 §4, §5; staff only). */
  moderation: {
    ban: post('/api/groups/:id/bans').body<BanRequest>().returns<BanResponse>(),
    bans: get('/api/groups/:id/bans').query<BansQuery>().returns<BansResponse>(),
    unban: del('/api/groups/:id/bans/:userId').returns<UnbanResponse>(),
    modlog: get('/api/groups/:id/modlog').query<ModlogQuery>().returns<ModlogResponse>(),
  },

  discussions: {
    home: get('/groups/joined/discussions').query<FeedQuery>().returns<DiscussionListResponse>(),
    explore: get('/groups/suggested/discussions').query<FeedQuery>().returns<DiscussionListResponse>(),
    ofGroup: get('/api/groups/:id/discussions').query<FeedQuery>().returns<DiscussionListResponse>(),
    create: post('/groups/:id/discussions').body<CreateDiscussionRequest>().returns<DiscussionWriteResponse>(),
    detail: get('/groups/:id/discussions/:discussionId').returns<DiscussionResponse>(),
    update: put('/groups/:id/discussions/:discussionId').body<UpdateDiscussionRequest>().returns<DiscussionWriteResponse>(),
    remove: del('/groups/:id/discussions/:discussionId').returns<DiscussionMessageResponse>(),
    pin: post('/groups/:id/discussions/:discussionId/pin').returns<PinResponse>(),
    unpin: post('/groups/:id/discussions/:discussionId/unpin').returns<PinResponse>(),
    likeStatus: get('/groups/:id/discussions/:discussionId/like-status').returns<LikeStatusResponse>(),
    like: post('/groups/:id/discussions/:discussionId/like').body<LikeRequest>().returns<LikeResponse>(),
    comments: get('/groups/:id/discussions/:discussionId/comments').query<CommentListQuery>().returns<CommentListResponse>(),
    createComment: post('/groups/:id/discussions/:discussionId/comments').body<CreateCommentRequest>().returns<CommentWriteResponse>(),
    replies: get('/groups/:id/discussions/:discussionId/comments/:commentId/replies').query<CommentsQuery>().returns<ReplyListResponse>(),
    likeComment: post('/groups/:id/discussions/:discussionId/comments/:commentId/like').body<LikeRequest>().returns<LikeResponse>(),
    removeComment: del('/groups/:id/discussions/:discussionId/comments/:commentId').returns<CommentDeleteResponse>(),
    updateComment: put('/groups/:id/discussions/:discussionId/comments/:commentId')
      .body<UpdateCommentRequest>()
      .returns<CommentUpdateResponse>(),
    history: get('/groups/:id/discussions/:discussionId/history').returns<EditHistoryResponse>(),
    commentHistory: get('/groups/:id/discussions/:discussionId/comments/:commentId/history').returns<EditHistoryResponse>(),
  },

  blogs: {
    ofGroup: get('/api/groups/:id/posts').query<BlogListQuery>().returns<BlogPostsResponse>(),
    joined: get('/groups/joined/blogs').query<BlogListQuery>().returns<JoinedBlogsResponse>(),
    detail: get('/groups/blog/:blogId').returns<BlogResponse>(),
    create: post('/groups/:id/posts').body<MultipartBody<BlogFields>>().returns<CreateBlogResponse>(),
    update: put('/groups/:id/blogs/:blogId').body<MultipartBody<BlogFields>>().returns<UpdateBlogResponse>(),
    remove: del('/groups/:id/blogs/:blogId').returns<MessageResponse>(),
    likeStatus: get('/groups/:id/blogs/:blogId/like-status').returns<BlogLikeStatusResponse>(),
    like: post('/groups/:id/blogs/:blogId/like').returns<BlogLikeResponse>(),
    share: post('/groups/:id/blogs/:blogId/share').returns<BlogShareResponse>(),
    history: get('/groups/:id/blogs/:blogId/history').returns<EditHistoryResponse>(),
  },

  /** Removal with a reason and restore by the community's staff (issue 15 §3, removals.ts). */
  removals: {
    discussion: post('/api/groups/:id/discussions/:discussionId/remove').body<RemovalRequest>().returns<RemovalResponse>(),
    restoreDiscussion: post('/api/groups/:id/discussions/:discussionId/restore').returns<RemovalResponse>(),
    comment: post('/api/groups/:id/discussions/:discussionId/comments/:commentId/remove').body<RemovalRequest>().returns<RemovalResponse>(),
    restoreComment: post('/api/groups/:id/discussions/:discussionId/comments/:commentId/restore').returns<RemovalResponse>(),
    blog: post('/api/groups/:id/blogs/:blogId/remove').body<RemovalRequest>().returns<RemovalResponse>(),
    restoreBlog: post('/api/groups/:id/blogs/:blogId/restore').returns<RemovalResponse>(),
  },

  /** Search (issue 16, search.ts): everything the caller may read, or one kind paged. */
  search: {
    query: get('/api/search').query<SearchQuery>().returns<SearchResponse>(),
  },

  /** Web push (issue 18 §4, push.ts): the VAPID public key, and this device's subscription. */
  push: {
    key: get('/api/push/key').returns<PushKeyResponse>(),
    subscribe: post('/api/push/subscriptions').body<PushSubscriptionRequest>().returns<MessageResponse>(),
    unsubscribe: del('/api/push/subscriptions').body<PushUnsubscribeRequest>().returns<MessageResponse>(),
  },
} as const;

/** Every endpoint of the table, flat (for the server's registration test). */
export function allEndpoints(): Endpoint[] {
  return Object.values(API).flatMap((entry) => ('method' in entry ? [entry as Endpoint] : (Object.values(entry) as Endpoint[])));
}

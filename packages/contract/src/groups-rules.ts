// Zod-free on purpose: the web app's first pages import these without loading zod (docs/decisions/0040-zod-stays-off-the-first-load.md).
import { LIMITS } from './limits';
import { cleanLine } from './text-rules';
import { appPaths } from './routes';

export const GROUP_LIMITS = {
  nameMax: LIMITS.groupNameMax,
  /** Each of About Us, Rules & Regulations and Social Media. */
  sectionMax: 5000,
  slugMax: 80,
  /** Longest search text accepted (names are at most 50, usernames at most 30: longer simply matches nothing). */
  searchMax: 100,
  pictureBytes: LIMITS.groupPictureBytes,
  bannerBytes: LIMITS.groupBannerBytes,
  /** Explore and the side panel's Search tab show the first 10 without a query (SPEC §9). */
  exploreDefault: 10,
  suggestedDefault: 10,
  /** Joined / created lists feed the navigation strip: one large page is enough for nearly everyone. */
  ownListDefault: 100,
  ownListMax: 100,
  /** Community creations per user per hour. */
  createsPerHour: 10,
  /** Section edits (About Us, Rules & Regulations, Social Media) per user per 10 minutes. */
  sectionEditsPerWindow: 30,
  /** Joins, leaves and cancelled requests per user per 10 minutes (a join may notify staff). */
  membershipChangesPerWindow: 20,
  /** Window of the two limits above, in seconds. */
  writeWindowSeconds: 10 * 60,
  /** Invitations sent per user per hour (each one notifies someone). */
  invitesPerHour: 50,
  /** Renames per community per day: a name and its slug cannot be churned to squat names. */
  renamesPerDay: 5,
  /** Former slugs kept per community (they keep redirecting); older ones are freed for other communities. */
  formerSlugsKept: 3,
} as const;

/** Texts shown as they arrive (SPEC §8: the UI shows `message`). Exact SPEC texts where the spec has one. */
export const GROUP_MESSAGES = {
  created: 'Group created successfully!',
  updated: 'Community updated',
  sectionUpdated: 'Section updated',
  nameInvalid: 'Please enter a valid group name',
  nameTooLong: `Group name must be at most ${LIMITS.groupNameMax} characters`,
  nameTaken: (name: string) => `A community named "${name}" already exists`,
  sectionTooLong: 'Each section must be at most 5,000 characters',
  bannerTooLarge: 'Banner image is too large (max 15MB)',
  pictureTooLarge: 'Profile image is too large (max 5MB)',
  loginToCreate: 'You need to be logged in to create a group',
  tooManyCreations: 'You have created too many communities recently. Please try again later.',
  tooManySectionEdits: 'You are editing sections too often. Please try again later.',
  tooManyMembershipChanges: 'You have joined or left communities too often. Please try again later.',
  tooManyInvites: 'You have sent too many invitations recently. Please try again later.',
  tooManyRenames: `This community has been renamed too often today (at most ${GROUP_LIMITS.renamesPerDay} a day). Please try again tomorrow.`,
  updateExactlyOne: 'Send exactly one of group_name, about, rules or social_media',
  updateNothing: 'Nothing to update',
  notFound: 'Group not found',
  userNotFound: 'User not found',
  privateContent: 'This community is private. Join it to see its members and posts.',
  ownerOnly: 'Only the owner can change this community',
  staffOnly: 'Only the owner, admins and moderators can do this',
  loginToJoin: 'Please log in to join this community',
  loginToManage: 'Please log in to manage your membership',
  joined: 'You have successfully joined the community!',
  left: 'You have left the community',
  requested: 'Your request to join has been sent',
  requestCancelled: 'Your request to join has been cancelled',
  ownerCannotLeave: 'The owner cannot leave the community. Transfer ownership first.',
  memberNotFound: 'This user is not a member of this community',
  notMember: 'You are not a member of this community',
  invalidMemberId: 'Please choose a member',
  invalidUserId: 'Please choose a user',
  noPermission: "You don't have permission to modify this user.",
  sameRole: 'The member already has this role',
  kicked: (username: string) => `${username} has been kicked from the community`,
  roleUpdated: (role: string) => `Member role has been updated to ${role}`,
  transferToAdminOnly: 'Ownership can only be transferred to an admin of this community',
  transferred: (username: string) => `${username} is now the owner of this community`,
  confirmNameMismatch: 'Type the community name exactly to delete it',
  deleted: 'Community deleted',
  privacyUpdated: 'Privacy updated',
  requestNotFound: 'Join request not found',
  requestApproved: (username: string) => `${username} is now a member`,
  requestDeclined: 'Join request declined',
  alreadyMember: 'This user is already a member of this community',
  alreadyInvited: 'This user already has a pending invitation to this community',
  inviteSent: 'Invitation sent',
  inviteNotFound: 'Invitation not found',
  inviteAccepted: 'Group invite accepted',
  inviteDeclined: 'Group invite declined',
  inviteRevoked: 'Invitation revoked',
} as const;

/**
 * What the server writes as `noti_content` for the membership notifications (issue 12 §2.2; the panel shows it as
 * is). Requests and their answers name the community; role changes say the new role.
 */
export const GROUP_NOTIFICATION_TEXTS = {
  /** To the owner and staff: someone asked to join a private community. */
  joinRequest: (username: string, groupName: string) => `${username} asked to join ${groupName}`,
  /** To the requester. Not who answered: a declined person is not pointed at one moderator. */
  requestApproved: (groupName: string) => `Your request to join ${groupName} was approved`,
  requestDeclined: (groupName: string) => `Your request to join ${groupName} was declined`,
  /** To a member whose role changed (promoted or demoted, or either side of an ownership transfer). */
  roleChanged: (role: 'owner' | 'admin' | 'moderator' | 'member', groupName: string) =>
    `You are now ${role === 'owner' ? 'the owner' : role === 'admin' ? 'an admin' : `a ${role}`} of ${groupName}`,
  /** To a member staff removed. */
  removed: (groupName: string) => `You were removed from ${groupName}`,
} as const;

/** Error codes of this feature (errors.ts lists them among ERROR_CODES). */
export const GROUP_ERROR_CODES = [
  'group_not_found',
  'group_name_taken',
  'member_not_found',
  'owner_cannot_leave',
  'already_member',
  'already_invited',
  'invite_not_found',
  'request_not_found',
  'confirm_mismatch',
] as const;

export const SECTION_HEADERS = ['About Us', 'Rules & Regulations', 'Social Media'] as const;
export type SectionHeader = (typeof SECTION_HEADERS)[number];

/** PUT /api/groups/{id} JSON keys of the three sections, and the header each one edits. */
export const SECTION_KEYS = { about: 'About Us', rules: 'Rules & Regulations', social_media: 'Social Media' } as const;
export type SectionKey = keyof typeof SECTION_KEYS;

// ---------------------------------------------------------------------------------------------------------------
// Names and slugs

/** The name as stored: one line, zero-width characters removed, spaces collapsed, trimmed. */
export const cleanGroupName = cleanLine;

/**
 * First path segments after /groups/ that are routes, not communities: a slug never takes them, so
 * GET /groups/{slug} always reaches the community.
 */
export const RESERVED_GROUP_SLUGS = [
  'api',
  'blog',
  'blogs',
  'create',
  'discussions',
  'explore',
  'joined',
  'members',
  'mine',
  'new',
  'posts',
  'requests',
  'respond-invite',
  'search',
  'suggested',
] as const;

/** A slug: lowercase ASCII letters and digits in hyphen-separated words, never only digits (that is an id). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A numeric group id in a path: no sign, no leading zero, at most 10 digits (checked against int4 by the server). */
export const GROUP_ID_PATTERN = /^[1-9][0-9]{0,9}$/;

export function isValidSlug(value: string): boolean {
  return value.length <= GROUP_LIMITS.slugMax && SLUG_PATTERN.test(value) && !/^[0-9]+$/.test(value);
}

/** The base of a slug when the name has no letter or digit we can spell in ASCII (e.g. only emoji). */
export const FALLBACK_SLUG = 'community';

/** The web path of a community (notification links, copy-link). */
export function groupWebPath(slugOrId: string | number): string {
  return appPaths.group(slugOrId);
}

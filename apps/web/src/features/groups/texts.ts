import { GROUP_MESSAGES } from '@agora/contract';

/**
 * Every text of the communities screens. Quoted ones are the SPEC's, character for character (§2, §4, §5, §8);
 * the rest are ours where the spec is silent.
 */
export const GROUP_TEXTS = {
  // /create (SPEC §5, §8)
  createTitle: 'Create a community',
  loginToCreate: GROUP_MESSAGES.loginToCreate,
  nameInvalid: GROUP_MESSAGES.nameInvalid,
  nameTooLong: GROUP_MESSAGES.nameTooLong,
  bannerTooLarge: GROUP_MESSAGES.bannerTooLarge,
  pictureTooLarge: GROUP_MESSAGES.pictureTooLarge,
  created: GROUP_MESSAGES.created,
  createFailed: 'Failed to create group',
  createNetworkError: 'Server error - please try again later.',
  notAnImage: 'Please choose an image file',

  // Community page (SPEC §2)
  notFound: 'Community Not Found',
  notFoundHint: 'It may have been deleted, or the link is wrong.',
  goBack: 'Go Back',
  verified: 'Verified',
  privateCommunity: 'Private community',
  join: 'JOIN',
  leave: 'Leave',
  confirmLeave: (name: string) => `Leave ${name}?`,
  leavePublicHint: 'You can join again at any time.',
  leavePrivateHint: 'This community is private: to come back you will need to be accepted or invited again.',
  requested: 'Requested',
  linkCopied: 'Link copied to clipboard',
  copyFailed: 'Could not copy the link.',
  copyLink: 'Copy link',
  welcome: (name: string) => `Welcome to ${name}`,
  nothingToShow: 'Nothing to show here...',
  rulesHeading: 'Rules & Regulations',
  socialHeading: 'Social',

  // Owner editing (SPEC §8)
  privacyFailed: 'Failed to update privacy',
  sectionFailed: 'Failed to update section',
  renameFailed: 'Failed to update group name',
  updateFailed: 'Failed to update community',
  deleteFailed: 'Failed to delete the community',

  // Discussion tab (SPEC §2)
  authBanner: 'Want to participate in this community? Join now!',
  signInToParticipate: 'Want to participate in discussions? Sign in to join this community and start posting!',
  joinThisCommunity: 'Join this community',
  joinToPost: 'Join the group to start posting!',
  joinGroup: 'Join Group',
  noDiscussions: 'No discussions yet',
  beFirst: 'Be the first to start a discussion in this group!',
  noDiscussionsOthers: "This group doesn't have any discussions yet.",
  signInToPost: 'Sign In to Post',

  // Blogs tab (SPEC §2)
  noBlogs: 'No blog posts yet',
  beFirstBlog: 'Be the first to post!',

  // Members page (SPEC §2, §5, §6, §8)
  // SPEC §2 "{n} Members", in the singular for one.
  membersHeading: (n: number) => countLabel(n, 'Member', 'Members'),
  findMember: 'Find a member',
  noMembersMatching: (term: string) => `No members found matching "${term}"`,
  noPermission: GROUP_MESSAGES.noPermission,
  makeAdmin: 'Make Admin',
  makeModerator: 'Make Moderator',
  makeMember: 'Make Member',
  kickMember: 'Kick Member',
  transferOwnership: 'Make Owner',
  confirmRole: (role: string) => `Are you sure you want to make this member a ${role}?`,
  confirmKick: (name: string) => `Are you sure you want to kick ${name} from the community?`,
  confirmTransfer: (name: string) => `Are you sure you want to make ${name} the owner of this community? You will become an admin.`,
  joinRequests: 'Join requests',
  /** The Members tab's badge for staff: spoken after its visible number ("Members 2 pending join requests"). */
  pendingRequests: (n: string) => `pending join ${n === '1' ? 'request' : 'requests'}`,
  pendingInvitations: 'Pending invitations',
  invitedBy: (name: string) => `Invited by ${name}`,
  revoke: 'Revoke',
  approve: 'Approve',
  decline: 'Decline',
  invite: 'Invite',

  // Side panel (SPEC §2)
  panelTitle: 'Communities',
  joinedTab: 'Joined',
  createdTab: 'Created',
  searchTab: 'Search',
  joinedHeading: 'Joined Communities',
  createdHeading: 'My Communities',
  searchHeading: 'Find new communities',
  manage: 'Manage',
  createCommunity: 'Create a community',
  noJoined: 'No joined groups found',
  noMatching: 'No matching groups found',
  noCreated: "You haven't created any communities yet",
  searchPlaceholder: 'Search communities',

  // Navigation strip, Explore, profile (SPEC §2)
  findCommunities: 'Find communities',
  scrollLeft: 'Scroll communities left',
  scrollRight: 'Scroll communities right',
  yourCommunities: 'Your communities',
  suggestedTitle: 'Suggested communities',
  suggestedScrollLeft: 'Scroll suggested communities left',
  suggestedScrollRight: 'Scroll suggested communities right',
  noSuggested: 'No suggested communities available..',
  listLoadFailed: "Communities couldn't be loaded.",
  createdCommunities: 'Created communities',
  joinedCommunities: 'Joined communities',
  noCreatedProfile: 'No created communities found.',
  noJoinedProfile: 'No communities found.',
} as const;

/** "1 member", "1,204 members". */
export function countLabel(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

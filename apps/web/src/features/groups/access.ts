import { isStaff, toRole, type GroupDetailResponse, type Role } from '@agora/contract';
import type { Session } from '@/lib/storage';

export interface Viewer {
  signedIn: boolean;
  /** SPEC §6: community settings are the owner's (owner_id equals the user id). */
  isOwner: boolean;
  isMember: boolean;
  /** The viewer's role in the community; null for visitors and non-members. The owner is always 'owner'. */
  role: Role | null;
  isStaff: boolean;
  /** A pending join request of the viewer (private communities). */
  requested: boolean;
  /** Members, Blogs and Discussion are open: the community is public, or the viewer is a member or the owner. */
  canSeeContent: boolean;
}

/** What the viewer may see and do in a community, from the detail response and the session. */
export function viewerOf(detail: GroupDetailResponse, session: Session | null): Viewer {
  const isOwner = session !== null && detail.group.owner_id === session.userId;
  const isMember = isOwner || detail.isMember;
  const role: Role | null = isOwner ? 'owner' : isMember ? toRole(detail.role) : null;
  return {
    signedIn: session !== null,
    isOwner,
    isMember,
    role,
    isStaff: role !== null && isStaff(role),
    requested: !isMember && detail.joinRequest === 'pending',
    canSeeContent: detail.group.is_private === 0 || isMember,
  };
}

import { isStaff, toRole, type GroupDetailResponse, type Role } from '@agora/contract';
import type { Session } from '@/lib/storage';

export interface Viewer {
  signedIn: boolean;
  /** SPEC §6: community settings are the owner's (the server's `abilities.update`). */
  isOwner: boolean;
  isMember: boolean;
  /** The viewer's role in the community; null for visitors and non-members. The owner is always 'owner'. */
  role: Role | null;
  /** Owner, admin or moderator: answers requests, invites, manages members (the server's `abilities.moderate`). */
  isStaff: boolean;
  /** Owner or admin: sets the posting rules (the server's `abilities.manage`). */
  canManage: boolean;
  /** A pending join request of the viewer (private communities). */
  requested: boolean;
  /** Members, Blogs and Discussion are open (the server's `abilities.read`). */
  canSeeContent: boolean;
}

/**
 * What the viewer may see and do in a community. The server's community policy decides and sends `abilities`;
 * the role computation below only serves a response without them (an older server).
 */
export function viewerOf(detail: GroupDetailResponse, session: Session | null): Viewer {
  const abilities = detail.abilities;
  const isOwner = abilities ? abilities.update : session !== null && detail.group.owner_id === session.userId;
  const isMember = abilities ? abilities.contribute : isOwner || detail.isMember;
  const role: Role | null = isOwner ? 'owner' : isMember ? toRole(detail.role) : null;
  return {
    signedIn: session !== null,
    isOwner,
    isMember,
    role,
    isStaff: abilities ? abilities.moderate : role !== null && isStaff(role),
    canManage: abilities ? abilities.manage : role === 'owner' || role === 'admin',
    requested: !isMember && detail.joinRequest === 'pending',
    canSeeContent: abilities ? abilities.read : detail.group.is_private === 0 || isMember,
  };
}

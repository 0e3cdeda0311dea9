import type { GroupMember, Invitation, JoinRequest } from '@agora/contract';
import { isoTimestamp } from '../groups/groups.mapper';
import type { InvitationRow } from './invitations.queries';
import type { JoinRequestRow } from './join-requests.queries';
import type { MemberRow } from './members.queries';

/** The one place membership rows become the spec's shapes (SPEC §3 Group member, join request, invitation). */

export function toMember(row: MemberRow): GroupMember {
  return {
    id: row.id,
    username: row.username,
    role_name: row.role,
    profileImage: row.profileImage,
    bannerImage: row.bannerImage,
    joined_at: isoTimestamp(row.joinedAt),
  };
}

export function toJoinRequest(row: JoinRequestRow): JoinRequest {
  return { id: row.id, username: row.username, profileImage: row.profileImage, requested_at: isoTimestamp(row.requestedAt) };
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    user_id: row.userId,
    username: row.username,
    profileImage: row.profileImage,
    invited_by: row.senderUsername,
    invited_by_id: row.senderId,
    invited_at: isoTimestamp(row.invitedAt),
  };
}

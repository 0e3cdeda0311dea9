import {
  type Comment,
  DELETED_COMMENT_TEXT,
  REMOVED_COMMENT_TEXT,
  type Discussion,
  type RemovedInfo,
  type Role,
  toRole,
} from '@agora/contract';
import { commentAbilities, discussionAbilities, isOwnerOrAdmin, removalAbilities } from '../../policies';
import type { CommentRow, DiscussionRow } from './discussions.queries';

/** The one place post and comment rows become the spec's shapes (SPEC §3 Discussion and Comment, both spellings). */

/**
 * Owner or admin of the community (the policy's `isOwnerOrAdmin`; moderators are not included): may delete
 * anyone's post or comment and pin posts (SPEC §6). `viewerId` 0 for visitors.
 */
export function isOwnerOrAdminOf(viewerId: number, ownerId: number, viewerRole: Role | null): boolean {
  return isOwnerOrAdmin(viewerId === 0 ? null : { id: viewerId }, { ownerId }, viewerRole);
}

/** `viewerId` 0 for visitors. */
export function toDiscussion(row: DiscussionRow, viewerId: number): Discussion {
  const { id, groupId, slug, groupName, groupDp, groupVerified, ownerId, userId, username, profileImage, authorRole, content } = row;
  const { datePosted, dateEdited, isPinned, commentCount, likeCount, liked, media, viewerRole } = row;
  const viewer = viewerId === 0 ? null : { id: viewerId };
  const removal = removalAbilities(viewer, {
    authorId: userId,
    authorRole,
    community: { ownerId },
    viewerRole,
    removed: row.removedAt !== null,
  });
  const base = discussionAbilities(viewer, { authorId: userId, community: { ownerId }, viewerRole });
  // A removed post takes no likes (issue 15 §3): the web then shows the count without the toggle.
  const abilities = { ...base, like: base.like && row.removedAt === null, ...removal };
  return {
    id,
    group_id: groupId,
    slug,
    group_name: groupName,
    group_dp: groupDp,
    group_verified: groupVerified ? 1 : 0,
    user_id: userId,
    userId,
    username,
    profileImage,
    user_dp: profileImage,
    // SPEC §4 "Role in a community": owner if the author owns the community, else the member's role, else member.
    role: userId === ownerId ? 'owner' : toRole(authorRole),
    discussion_content: content,
    date_posted: datePosted,
    date_edited: dateEdited,
    edited_at: dateEdited,
    is_pinned: isPinned ? 1 : 0,
    commentCount,
    comment_count: commentCount,
    likeCount,
    likes_count: likeCount,
    isLiked: liked,
    is_liked: liked,
    media: (media ?? []).map((m) => ({ id: m.id, media_url: m.url, alt: m.alt ?? '' })),
    canEdit: abilities.edit,
    canDelete: abilities.delete,
    canPin: abilities.pin,
    abilities,
    removed: removedOf(row),
  };
}

/**
 * Set for a removed item (issue 15 §3): the statements return one only to its author and the community's staff,
 * so whoever receives it may read the reason.
 */
export function removedOf(row: { removedAt: string | null; removedReason: string | null }): RemovedInfo | null {
  return row.removedAt === null ? null : { reason: row.removedReason ?? '', at: row.removedAt };
}

/**
 * `manager`: the viewer is the community's owner or an admin (`isOwnerOrAdminOf`: may delete any comment).
 * `community`: its owner and the viewer's role there, for the removal abilities (absent: none).
 */
export function toComment(
  row: CommentRow,
  viewerId: number,
  manager: boolean,
  community?: { ownerId: number; viewerRole: Role | null },
): Comment {
  const { id, discussionId, parentId, datePosted, liked, likeCount, replyCount, editedAt, deleted } = row;
  const viewer = viewerId === 0 ? null : { id: viewerId };
  const removal = community
    ? removalAbilities(viewer, {
        authorId: row.userId,
        authorRole: row.authorRole,
        community: { ownerId: community.ownerId },
        viewerRole: community.viewerRole,
        removed: row.removedAt !== null,
      })
    : {};
  // A comment deleted while it had replies (issue 15 §1), or removed with replies the viewer may read (decision
  // 0117): in place, without its words, its author or the reason; nobody acts on it.
  const hidden = row.removedHidden === true;
  const gone = deleted || hidden;
  const abilities = { ...commentAbilities(viewer, { authorId: row.userId, deleted: gone }, manager), ...removal };
  const placeholder = hidden ? REMOVED_COMMENT_TEXT : DELETED_COMMENT_TEXT;
  const content = gone ? placeholder : row.content;
  const userId = gone ? 0 : row.userId;
  const username = gone ? placeholder : row.username;
  const profileImage = gone ? null : row.profileImage;
  return {
    id,
    discussion_id: discussionId,
    comment_content: content,
    content,
    parentCommentId: parentId,
    date_posted: datePosted,
    user_id: userId,
    userId,
    username,
    profileImage,
    isLiked: liked,
    likeCount,
    replyCount,
    canDelete: abilities.delete,
    abilities,
    removed: hidden ? null : removedOf(row),
    edited_at: gone ? null : editedAt,
    deleted: gone,
  };
}

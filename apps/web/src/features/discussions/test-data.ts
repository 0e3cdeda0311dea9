import type { Comment, Discussion, GroupDetailResponse } from '@agora/contract';

/** Test builders for discussion responses (component tests only). */

export function makeDiscussion(overrides: Partial<Discussion> = {}): Discussion {
  const base: Discussion = {
    id: 301,
    group_id: 12,
    slug: 'night-owls',
    group_name: 'Night Owls',
    group_dp: null,
    group_verified: 0,
    user_id: 50,
    userId: 50,
    username: 'grace',
    profileImage: null,
    user_dp: null,
    role: 'member',
    discussion_content: 'Hello **owls**',
    date_posted: new Date(Date.now() - 5 * 60_000).toISOString(),
    date_edited: null,
    edited_at: null,
    is_pinned: 0,
    commentCount: 2,
    comment_count: 2,
    likeCount: 3,
    likes_count: 3,
    isLiked: false,
    is_liked: false,
    media: [],
    canEdit: false,
    canDelete: false,
    canPin: false,
  };
  const merged = { ...base, ...overrides };
  // Both spellings of SPEC §3 always agree, as the server sends them.
  return {
    ...merged,
    userId: merged.user_id,
    comment_count: merged.commentCount,
    likes_count: merged.likeCount,
    is_liked: merged.isLiked,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  const merged: Comment = {
    id: 701,
    discussion_id: 301,
    comment_content: 'Nice one',
    content: 'Nice one',
    parentCommentId: null,
    date_posted: new Date(Date.now() - 60 * 60_000).toISOString(),
    user_id: 51,
    userId: 51,
    username: 'mo',
    profileImage: null,
    isLiked: false,
    likeCount: 0,
    replyCount: 0,
    canDelete: false,
    edited_at: null,
    deleted: false,
    ...overrides,
  };
  return { ...merged, comment_content: merged.content, userId: merged.user_id };
}

export const feedPage = (discussions: Discussion[], nextCursor: string | null = null) => ({ discussions, nextCursor });

/** A call the test answers by hand, so "while it runs" is a state the test controls, not a race. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The community "Night Owls" (id 12, public) as GET /groups/{idOrSlug} answers it; the viewer a member or not. */
export function makeGroupDetail({ is_member }: { is_member: boolean }): GroupDetailResponse {
  return {
    group: {
      id: 12,
      slug: 'night-owls',
      group_name: 'Night Owls',
      group_dp: null,
      group_banner: null,
      owner_id: 99,
      is_private: 0,
      group_verified: 0,
      category: null,
      post_count: 4,
      member_count: 10,
      is_owner: false,
      is_member,
      isMember: is_member,
    },
    overview: [
      { section_header: 'About Us', section_desc: '' },
      { section_header: 'Rules & Regulations', section_desc: '' },
      { section_header: 'Social Media', section_desc: '' },
    ],
    isMember: is_member,
    role: is_member ? 'member' : null,
    joinRequest: 'none',
    invite: null,
  };
}

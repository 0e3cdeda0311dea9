import { describe, expect, it } from 'vitest';
import { friendRequestSchema, suggestionsQuerySchema } from './friends';
import { reportLikeRequestSchema } from './notifications';
import { blogWebPath } from './blog-texts';
import { discussionLink, parseDiscussionLink } from './discussion-texts';
import { canonicalNotificationType, NOTIFICATION_TYPES, parseBlogLink, profileWebPath } from './social-messages';

describe('notification links', () => {
  it('round-trips a discussion link', () => {
    expect(discussionLink(3, 41)).toBe('/groups/3/discussions/41');
    expect(parseDiscussionLink(discussionLink(3, 41))).toEqual({ groupId: 3, discussionId: 41 });
  });

  it.each([
    '/groups/3/discussions/41?x=1',
    '/groups/03/discussions/41',
    '/groups/3/discussions/0',
    '/groups/3/discussions/99999999999',
    '/groups/3/discussions/41/comments',
    '/group/3/discussions/41',
    'https://evil.example/groups/3/discussions/41',
    '',
    null,
  ])('is not a discussion link: %s', (link) => expect(parseDiscussionLink(link)).toBeNull());

  it('round-trips a blog page link', () => {
    expect(blogWebPath('book-club', 9)).toBe('/group/book-club/blogs/blogpage/9');
    expect(parseBlogLink(blogWebPath('book-club', 9))).toEqual({ group: 'book-club', blogId: 9 });
    expect(parseBlogLink('/group/book-club/blogs/blogpage/9#top')).toBeNull();
    expect(parseBlogLink('/group/book-club/blogs/9')).toBeNull();
  });

  it('points people at their profile panel', () => expect(profileWebPath(12)).toBe('/?profile=12'));
});

describe('notification types', () => {
  it('names each alias by the type Agora writes, and every other type by itself', () => {
    expect(canonicalNotificationType('friend_accepted')).toBe('friend_request_accepted');
    expect(canonicalNotificationType('friend_rejected')).toBe('friend_request_rejected');
    for (const type of NOTIFICATION_TYPES.filter((t) => t !== 'friend_accepted' && t !== 'friend_rejected'))
      expect(canonicalNotificationType(type)).toBe(type);
    expect(NOTIFICATION_TYPES).toHaveLength(20);
  });

  it('keeps the SPEC §3 types first, in their order, and appends the membership types (backwards compatible)', () => {
    expect(NOTIFICATION_TYPES.slice(0, 12)).toEqual([
      'mention',
      'friend_request',
      'friend_request_accepted',
      'friend_accepted',
      'friend_request_rejected',
      'friend_rejected',
      'like',
      'comment',
      'comment_like',
      'comment_reply',
      'group_invite',
      'new_follower',
    ]);
    expect(NOTIFICATION_TYPES.slice(12)).toEqual([
      'join_request',
      'join_request_approved',
      'join_request_declined',
      'role_changed',
      'member_removed',
      // Issue 14 §7, then issue 15 §3 and §4, each appended.
      'export_ready',
      'content_removed',
      'banned',
    ]);
  });
});

describe('friend request bodies', () => {
  it('accepts ids as numbers or digit strings, with or without requester_id', () => {
    expect(friendRequestSchema.parse({ addressee_id: '7' })).toEqual({ addressee_id: 7 });
    expect(friendRequestSchema.parse({ addressee_id: 7, requester_id: 3 })).toEqual({ addressee_id: 7, requester_id: 3 });
  });

  it.each([{}, { addressee_id: -1 }, { addressee_id: 1.5 }, { addressee_id: '1e3' }, { addressee_id: 2 ** 31 }])('refuses %j', (body) =>
    expect(friendRequestSchema.safeParse(body).success).toBe(false),
  );

  it('cleans the suggestion search like a one-line text', () => {
    expect(suggestionsQuerySchema.parse({ search: '  Ad\u200Ba ' }).search).toBe('Ada');
  });
});

describe('POST /notifications body', () => {
  it('bounds the link and refuses control characters', () => {
    expect(reportLikeRequestSchema.safeParse({ noti_type: 'like', noti_link: '/groups/1/discussions/2' }).success).toBe(true);
    expect(reportLikeRequestSchema.safeParse({ noti_type: 'like', noti_link: 'x'.repeat(501) }).success).toBe(false);
    expect(reportLikeRequestSchema.safeParse({ noti_type: 'like', noti_link: '/a\u0000' }).success).toBe(false);
  });
});

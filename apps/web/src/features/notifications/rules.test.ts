import { describe, expect, it } from 'vitest';
import type { Notification } from '@agora/contract';
import { internalPath, isAnswerable, notificationMatches, notificationTarget } from './rules';
import { makeNotification } from './test-data';

describe('notificationMatches (SPEC §5 Search)', () => {
  const n = makeNotification({
    sender_username: 'GraceH',
    noti_content: 'GraceH replied to your comment',
    group_name: 'Night Owls',
    noti_type: 'comment_reply',
  });

  it.each([
    ['grace', 'the sender, any case'],
    ['REPLIED TO', 'the content, anywhere in it'],
    ['owls', 'the community name'],
    ['comment_reply', 'the type as written'],
    ['comment rep', 'the type with spaces'],
    ['  night  ', 'the text trimmed'],
  ])('matches "%s" (%s)', (term) => expect(notificationMatches(n, term)).toBe(true));

  it.each(['linus', 'mention', 'Book Club'])('does not match "%s"', (term) => expect(notificationMatches(n, term)).toBe(false));

  it('matches everything on an empty search', () => expect(notificationMatches(n, '   ')).toBe(true));

  it('finds a type under either of its names', () => {
    const accepted = makeNotification({ noti_type: 'friend_accepted', noti_content: 'x', sender_username: null, group_name: null });
    expect(notificationMatches(accepted, 'friend_request_accepted')).toBe(true);
    expect(notificationMatches(accepted, 'friend_accepted')).toBe(true);
  });

  it('ignores missing sender and community', () => {
    const bare = makeNotification({ sender_username: null, group_name: null, noti_content: 'Welcome', noti_type: 'new_follower' });
    expect(notificationMatches(bare, 'null')).toBe(false);
    expect(notificationMatches(bare, 'welcome')).toBe(true);
  });
});

describe('notificationTarget (SPEC §2 click behaviour)', () => {
  const target = (overrides: Partial<Notification>) => notificationTarget(makeNotification(overrides));

  it('opens the sender’s profile for a friend request', () =>
    expect(target({ noti_type: 'friend_request', sender_id: 12, noti_link: '/?profile=12' })).toEqual({ kind: 'profile', userId: 12 }));

  it.each(['friend_request_accepted', 'friend_accepted', 'friend_request_rejected', 'friend_rejected'] as const)(
    'does nothing more for %s',
    (type) => expect(target({ noti_type: type, sender_id: 12, noti_link: '/?profile=12' })).toEqual({ kind: 'none' }),
  );

  it.each(['like', 'comment', 'comment_like', 'comment_reply'] as const)('opens the post panel for a %s on a discussion', (type) =>
    expect(target({ noti_type: type, noti_link: '/groups/3/discussions/41' })).toEqual({
      kind: 'post',
      groupId: 3,
      discussionId: 41,
      href: '/groups/3/discussions/41',
    }),
  );

  it('opens the post panel for a removal of a post or comment, and the blog page for a blog (issue 15 §3)', () => {
    expect(target({ noti_type: 'content_removed', noti_link: '/groups/3/discussions/41' })).toEqual({
      kind: 'post',
      groupId: 3,
      discussionId: 41,
      href: '/groups/3/discussions/41',
    });
    expect(target({ noti_type: 'content_removed', noti_link: '/group/book-club/blogs/blogpage/9' })).toEqual({
      kind: 'navigate',
      href: '/group/book-club/blogs/blogpage/9',
    });
  });

  it('navigates for a like on a blog (its link is the blog page)', () =>
    expect(target({ noti_type: 'like', noti_link: '/group/book-club/blogs/blogpage/9' })).toEqual({
      kind: 'navigate',
      href: '/group/book-club/blogs/blogpage/9',
    }));

  it.each([
    ['mention', '/groups/3/discussions/41'],
    ['group_invite', '/group/night-owls'],
    ['new_follower', '/group/night-owls'],
  ] as const)('navigates for %s', (type, link) =>
    expect(target({ noti_type: type, noti_link: link })).toEqual({ kind: 'navigate', href: link }),
  );

  it('does nothing for a link it will not follow', () => {
    expect(target({ noti_type: 'new_follower', noti_link: null })).toEqual({ kind: 'none' });
    expect(target({ noti_type: 'new_follower', noti_link: 'https://evil.example/' })).toEqual({ kind: 'none' });
  });

  it('treats a friend request from a deleted account as nothing to open', () =>
    expect(target({ noti_type: 'friend_request', sender_id: null })).toEqual({ kind: 'none' }));
});

describe('internalPath', () => {
  it.each(['/group/x', '/?profile=3', '/groups/1/discussions/2'])('follows %s', (link) => expect(internalPath(link)).toBe(link));
  it.each(['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://a.example/', 'group/x', '/a\nb', '', null])(
    'refuses %s',
    (link) => expect(internalPath(link)).toBeNull(),
  );
});

describe('isAnswerable', () => {
  it('is true only for friend requests and invitations', () => {
    expect(isAnswerable('friend_request')).toBe(true);
    expect(isAnswerable('group_invite')).toBe(true);
    expect(isAnswerable('friend_request_accepted')).toBe(false);
    expect(isAnswerable('like')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Role } from '@agora/contract';
import { AppError } from '../lib/app-error';
import {
  authorizeBlog,
  authorizeComment,
  authorizeCommunity,
  authorizeDiscussion,
  authorizeMembership,
  blogAbilities,
  canReadCommunity,
  commentAbilities,
  communityAbilities,
  discussionAbilities,
  isOwnerOrAdmin,
} from '.';

const OWNER = { id: 1 };
const USER = { id: 2 };
const open = { isPrivate: false, ownerId: OWNER.id };
const closed = { isPrivate: true, ownerId: OWNER.id };

function statusOf(run: () => void): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : -1;
  }
}

describe('community policy', () => {
  const cases: [string, { id: number } | null, Role | null, boolean][] = [
    ['the owner (by owner_id, without a row)', OWNER, null, true],
    ['an admin', USER, 'admin', true],
    ['a moderator', USER, 'moderator', true],
    ['a member', USER, 'member', true],
    ['a signed-in outsider', USER, null, false],
    ['a visitor', null, null, false],
  ];
  it.each(cases)('lets %s read a private community: %s', (_who, actor, role, expected) => {
    expect(canReadCommunity(actor, closed, role)).toBe(expected);
    expect(canReadCommunity(actor, open, role)).toBe(true);
    expect(statusOf(() => authorizeCommunity(actor, 'read', closed, role))).toBe(expected ? null : 403);
  });

  it('gives each role its abilities: moderate includes moderators, manage (owner or admin) does not', () => {
    expect(communityAbilities(OWNER, open, 'owner')).toEqual({ read: true, contribute: true, moderate: true, manage: true, update: true });
    expect(communityAbilities(USER, open, 'admin')).toEqual({ read: true, contribute: true, moderate: true, manage: true, update: false });
    expect(communityAbilities(USER, open, 'moderator')).toEqual({
      read: true,
      contribute: true,
      moderate: true,
      manage: false,
      update: false,
    });
    expect(communityAbilities(USER, open, 'member')).toEqual({
      read: true,
      contribute: true,
      moderate: false,
      manage: false,
      update: false,
    });
    expect(communityAbilities(USER, open, null)).toEqual({ read: true, contribute: false, moderate: false, manage: false, update: false });
    expect(communityAbilities(null, closed, null)).toEqual({
      read: false,
      contribute: false,
      moderate: false,
      manage: false,
      update: false,
    });
  });

  it('names owner-or-admin apart from staff: a moderator is staff, not a manager', () => {
    expect(isOwnerOrAdmin(USER, open, 'moderator')).toBe(false);
    expect(isOwnerOrAdmin(USER, open, 'admin')).toBe(true);
    expect(isOwnerOrAdmin(OWNER, open, null)).toBe(true);
    expect(isOwnerOrAdmin(null, { ownerId: 0 }, null)).toBe(false);
  });
});

describe('discussion and comment policies', () => {
  const post = (viewerRole: Role | null, authorId = 3) => ({ authorId, community: open, viewerRole });
  it('lets the author edit; the author, owner or admin delete; the owner or admin pin; a moderator none of them; members like', () => {
    expect(discussionAbilities({ id: 3 }, post('member'))).toEqual({ edit: true, delete: true, pin: false, like: true });
    expect(discussionAbilities(OWNER, post('owner'))).toEqual({ edit: false, delete: true, pin: true, like: true });
    expect(discussionAbilities(USER, post('admin'))).toEqual({ edit: false, delete: true, pin: true, like: true });
    expect(discussionAbilities(USER, post('moderator'))).toEqual({ edit: false, delete: false, pin: false, like: true });
    expect(discussionAbilities(USER, post(null))).toEqual({ edit: false, delete: false, pin: false, like: false });
    expect(discussionAbilities(null, post(null))).toEqual({ edit: false, delete: false, pin: false, like: false });
    expect(statusOf(() => authorizeDiscussion(USER, 'pin', post('moderator')))).toBe(403);
    expect(statusOf(() => authorizeDiscussion(USER, 'delete', post('admin')))).toBe(null);
  });

  it('lets the author, the owner or an admin delete a comment', () => {
    // Issue 15 §1: the author (only) edits; nobody edits or deletes a comment already deleted.
    expect(commentAbilities({ id: 3 }, { authorId: 3 }, false)).toEqual({ edit: true, delete: true });
    expect(commentAbilities(USER, { authorId: 3 }, true)).toEqual({ edit: false, delete: true });
    expect(commentAbilities(USER, { authorId: 3 }, false)).toEqual({ edit: false, delete: false });
    expect(commentAbilities(null, { authorId: 0 }, false)).toEqual({ edit: false, delete: false });
    expect(commentAbilities({ id: 3 }, { authorId: 3, deleted: true }, true)).toEqual({ edit: false, delete: false });
    expect(statusOf(() => authorizeComment({ id: 3 }, 'edit', { authorId: 3, community: open, viewerRole: 'member' }))).toBe(null);
    expect(statusOf(() => authorizeComment(USER, 'edit', { authorId: 3, community: open, viewerRole: 'admin' }))).toBe(403);
    expect(statusOf(() => authorizeComment(USER, 'delete', { authorId: 3, community: open, viewerRole: 'moderator' }))).toBe(403);
    expect(statusOf(() => authorizeComment(USER, 'delete', { authorId: 3, community: open, viewerRole: 'admin' }))).toBe(null);
  });
});

describe('blog policy', () => {
  it('lets the owner manage any blog, an admin only their own, members like', () => {
    expect(blogAbilities(OWNER, open, 'owner', 3)).toEqual({ edit: true, delete: true, like: true });
    expect(blogAbilities(USER, open, 'admin', USER.id)).toEqual({ edit: true, delete: true, like: true });
    expect(blogAbilities(USER, open, 'admin', 3)).toEqual({ edit: false, delete: false, like: true });
    expect(blogAbilities(USER, open, 'moderator', USER.id)).toEqual({ edit: false, delete: false, like: true });
    expect(blogAbilities(USER, open, null, 3)).toEqual({ edit: false, delete: false, like: false });
    expect(statusOf(() => authorizeBlog(USER, 'create', open, 'moderator', null))).toBe(403);
    expect(statusOf(() => authorizeBlog(USER, 'create', open, 'admin', null))).toBe(null);
  });
});

describe('membership policy', () => {
  it('refuses what the rank rules refuse, with 400 for the same role and a transfer to a non-admin', () => {
    expect(statusOf(() => authorizeMembership('moderator', { kind: 'kick' }, 'member'))).toBe(null);
    expect(statusOf(() => authorizeMembership('moderator', { kind: 'kick' }, 'moderator'))).toBe(403);
    expect(statusOf(() => authorizeMembership('member', { kind: 'kick' }, 'member'))).toBe(403);
    expect(statusOf(() => authorizeMembership('admin', { kind: 'assignRole', newRole: 'member' }, 'member'))).toBe(400);
    expect(statusOf(() => authorizeMembership('owner', { kind: 'transfer' }, 'member'))).toBe(400);
    expect(statusOf(() => authorizeMembership('owner', { kind: 'transfer' }, 'admin'))).toBe(null);
  });
});

import { describe, expect, it } from 'vitest';
import { assignableRoles, isStaff, outranks, roleRank, toRole } from './roles';

describe('roles', () => {
  it('ranks owner 4, admin 3, moderator 2, member 1; unknown is member', () => {
    expect(['owner', 'admin', 'moderator', 'member'].map(roleRank)).toEqual([4, 3, 2, 1]);
    expect(toRole('ADMIN')).toBe('admin');
    expect(toRole(undefined)).toBe('member');
    expect(roleRank('wizard')).toBe(1);
  });
  it('acts only on lower ranks', () => {
    expect(outranks('admin', 'moderator')).toBe(true);
    expect(outranks('admin', 'admin')).toBe(false);
    expect(outranks('moderator', 'owner')).toBe(false);
  });
  it('offers roles below the actor, not the current one; only the owner grants admin', () => {
    expect(assignableRoles('owner', 'member')).toEqual(['admin', 'moderator']);
    expect(assignableRoles('owner', 'admin')).toEqual(['moderator', 'member']);
    expect(assignableRoles('admin', 'member')).toEqual(['moderator']);
    expect(assignableRoles('admin', 'moderator')).toEqual(['member']);
    expect(assignableRoles('moderator', 'member')).toEqual([]);
    expect(assignableRoles('admin', 'admin')).toEqual([]);
  });
  it('treats owner, admin and moderator as staff', () => {
    expect(['owner', 'admin', 'moderator', 'member'].map(isStaff)).toEqual([true, true, true, false]);
  });
});

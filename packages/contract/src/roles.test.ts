import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  assignRoleProblem,
  canAssignRole,
  canKick,
  canTransferOwnership,
  isStaff,
  kickProblem,
  outranks,
  roleRank,
  ROLES,
  toRole,
} from './roles';

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

describe('member actions: actor × target × action', () => {
  const roles = ['owner', 'admin', 'moderator', 'member', null] as const;
  // Expected outcome of every combination (null actor = not a member / visitor, null target = treated as member).
  // kick: allowed only when the actor is staff and strictly outranks the target.
  const kick: Record<string, Record<string, boolean>> = {
    owner: { owner: false, admin: true, moderator: true, member: true, null: true },
    admin: { owner: false, admin: false, moderator: true, member: true, null: true },
    moderator: { owner: false, admin: false, moderator: false, member: true, null: true },
    member: { owner: false, admin: false, moderator: false, member: false, null: false },
    null: { owner: false, admin: false, moderator: false, member: false, null: false },
  };
  for (const actor of roles)
    for (const target of roles)
      it(`kick: ${actor} → ${target} is ${kick[String(actor)]![String(target)] ? 'allowed' : 'refused'}`, () => {
        expect(canKick(actor, target)).toBe(kick[String(actor)]![String(target)]);
      });

  // assign-role: the allowed new roles for each actor and target (rest refused, with the reason).
  const allowed: Record<string, Record<string, string[]>> = {
    owner: { owner: [], admin: ['moderator', 'member'], moderator: ['admin', 'member'], member: ['admin', 'moderator'] },
    admin: { owner: [], admin: [], moderator: ['member'], member: ['moderator'] },
    moderator: { owner: [], admin: [], moderator: [], member: [] },
    member: { owner: [], admin: [], moderator: [], member: [] },
  };
  for (const actor of ROLES)
    for (const target of ROLES)
      for (const newRole of ['admin', 'moderator', 'member', 'owner']) {
        const ok = allowed[actor]![target]!.includes(newRole);
        it(`assign: ${actor} makes ${target} ${newRole}: ${ok ? 'allowed' : 'refused'}`, () => {
          expect(canAssignRole(actor, target, newRole)).toBe(ok);
          if (newRole !== 'owner') expect(assignableRoles(actor, target).includes(newRole as never)).toBe(ok);
        });
      }

  it('names the reason for a refusal', () => {
    expect(assignRoleProblem('member', 'member', 'moderator')).toBe('not_staff');
    expect(assignRoleProblem(null, 'member', 'moderator')).toBe('not_staff');
    expect(assignRoleProblem('admin', 'admin', 'member')).toBe('not_outranked');
    expect(assignRoleProblem('moderator', 'owner', 'member')).toBe('not_outranked');
    expect(assignRoleProblem('owner', 'owner', 'admin')).toBe('not_outranked');
    expect(assignRoleProblem('owner', 'moderator', 'moderator')).toBe('same_role');
    expect(assignRoleProblem('admin', 'member', 'admin')).toBe('role_too_high');
    expect(assignRoleProblem('owner', 'member', 'owner')).toBe('role_too_high');
    expect(kickProblem('moderator', 'moderator')).toBe('not_outranked');
    expect(kickProblem('member', 'member')).toBe('not_staff');
  });

  it('transfers ownership only from the owner to an admin', () => {
    expect(canTransferOwnership('owner', 'admin')).toBe(true);
    for (const target of ['owner', 'moderator', 'member', null]) expect(canTransferOwnership('owner', target)).toBe(false);
    for (const actor of ['admin', 'moderator', 'member', null]) expect(canTransferOwnership(actor, 'admin')).toBe(false);
  });
});

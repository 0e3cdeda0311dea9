import { describe, expect, it } from 'vitest';
import type { Role } from '@agora/contract';
import { memberMenuEntries } from './member-menu';

const labels = (actor: Role | null, target: Role) => memberMenuEntries(actor, target).map((e) => e.label);
const NO = "You don't have permission to modify this user.";

describe('memberMenuEntries (actor × target)', () => {
  it.each<[Role | null, Role, string[]]>([
    // Nobody but staff gets a menu.
    [null, 'member', []],
    ['member', 'member', []],
    ['member', 'moderator', []],
    // Owner: every role below owner except the current one, kick, and ownership only to an admin.
    ['owner', 'admin', ['Make Moderator', 'Make Member', 'Kick Member', 'Ban', 'Make Owner']],
    ['owner', 'moderator', ['Make Admin', 'Make Member', 'Kick Member', 'Ban']],
    ['owner', 'member', ['Make Admin', 'Make Moderator', 'Kick Member', 'Ban']],
    // Admin: cannot grant admin; cannot touch the owner or another admin.
    ['admin', 'owner', [NO]],
    ['admin', 'admin', [NO]],
    ['admin', 'moderator', ['Make Member', 'Kick Member', 'Ban']],
    ['admin', 'member', ['Make Moderator', 'Kick Member', 'Ban']],
    // Moderator: only members, and only kicking or banning (nothing ranks below moderator but member, its current role).
    ['moderator', 'owner', [NO]],
    ['moderator', 'admin', [NO]],
    ['moderator', 'moderator', [NO]],
    ['moderator', 'member', ['Kick Member', 'Ban']],
  ])('%s on %s → %j', (actor, target, expected) => {
    expect(labels(actor, target)).toEqual(expected);
  });
});

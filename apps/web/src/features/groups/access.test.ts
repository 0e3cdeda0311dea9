import type { GroupDetailResponse } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { viewerOf } from './access';

const detail = (over: Partial<GroupDetailResponse> = {}): GroupDetailResponse => ({
  group: {
    id: 1,
    slug: 'club',
    group_name: 'Club',
    group_dp: null,
    group_banner: null,
    owner_id: 7,
    is_private: 1,
    group_verified: 0,
    category: null,
    post_count: 0,
    member_count: 2,
    is_member: true,
    isMember: true,
    is_owner: false,
  },
  overview: [],
  isMember: true,
  role: 'moderator',
  joinRequest: 'none',
  invite: null,
  ...over,
});
const session = { userId: 2, username: 'mod', token: 't' } as unknown as Parameters<typeof viewerOf>[1];

describe('viewerOf', () => {
  it('reads what the server’s community policy decided', () => {
    const abilities = { read: true, contribute: true, moderate: false, manage: false, update: false };
    expect(viewerOf(detail({ abilities }), session)).toMatchObject({ isStaff: false, isOwner: false, isMember: true, canSeeContent: true });
    const owner = { read: true, contribute: true, moderate: true, manage: true, update: true };
    expect(viewerOf(detail({ abilities: owner }), session)).toMatchObject({ isOwner: true, role: 'owner', isStaff: true });
  });

  it('falls back to the roles for a response without abilities', () => {
    expect(viewerOf(detail(), session)).toMatchObject({ isStaff: true, isOwner: false, isMember: true, canSeeContent: true });
    expect(viewerOf(detail({ isMember: false, role: null }), null)).toMatchObject({ isMember: false, canSeeContent: false });
  });
});

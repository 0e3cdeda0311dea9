import type { Group, GroupDetailResponse, GroupMember, GroupListResponse, MembershipResponse } from '@agora/contract';
import { TEST_SESSION } from '@/test/render-app';

/** Test builders for community responses (component tests only). */

export function makeGroup(overrides: Partial<Group> = {}): Group {
  const isMember = overrides.is_member ?? overrides.isMember ?? false;
  return {
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
    ...overrides,
    is_member: isMember,
    isMember,
  };
}

export function makeDetail(group: Partial<Group> = {}, overrides: Partial<Omit<GroupDetailResponse, 'group'>> = {}): GroupDetailResponse {
  const g = makeGroup(group);
  return {
    group: g,
    overview: [
      { section_header: 'About Us', section_desc: '' },
      { section_header: 'Rules & Regulations', section_desc: '' },
      { section_header: 'Social Media', section_desc: '' },
    ],
    isMember: g.isMember,
    role: g.isMember ? 'member' : null,
    joinRequest: 'none',
    invite: null,
    ...overrides,
  };
}

/** The signed-in test user (TEST_SESSION) owns the community. */
export function ownedDetail(group: Partial<Group> = {}, overrides: Partial<Omit<GroupDetailResponse, 'group'>> = {}) {
  return makeDetail({ owner_id: TEST_SESSION.userId, is_owner: true, is_member: true, ...group }, { role: 'owner', ...overrides });
}

export function makeMember(overrides: Partial<GroupMember> = {}): GroupMember {
  return {
    id: 50,
    username: 'grace',
    role_name: 'member',
    profileImage: null,
    bannerImage: null,
    joined_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function list(groups: Group[], nextCursor: string | null = null): GroupListResponse {
  return { groups, nextCursor };
}

export function membership(overrides: Partial<MembershipResponse> = {}): MembershipResponse {
  return { message: 'ok', isMember: true, status: 'member', member_count: 11, ...overrides };
}

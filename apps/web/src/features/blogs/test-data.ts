import type { Blog, BlogPostsResponse, GroupDetailResponse, JoinedBlogsResponse, Role } from '@agora/contract';
import { TEST_SESSION } from '@/test/render-app';

/** Test builders for blog responses (component tests only). */

export function makeBlog(overrides: Partial<Blog> = {}): Blog {
  return {
    id: 5,
    group_id: 12,
    slug: 'night-owls',
    blog_title: 'Reading by lamplight',
    blog_content: 'Some **bold** words.',
    content_truncated: false,
    blog_img: null,
    blog_author: 40,
    username: 'grace',
    profileImage: null,
    date_published: '2024-03-05T18:00:00.000Z',
    date_updated: '2024-03-05T18:00:00.000Z',
    edited_at: null,
    likes_count: 4,
    share_count: 2,
    is_liked: false,
    group_name: 'Night Owls',
    group_dp: null,
    group_verified: 0,
    ...overrides,
  };
}

export const page = (posts: Blog[], nextCursor: string | null = null): BlogPostsResponse => ({ posts, nextCursor });
export const strip = (blogs: Blog[], nextCursor: string | null = null): JoinedBlogsResponse => ({ blogs, nextCursor });

/** The community as GET /groups/{id} answers it, with the viewer's role (the test session owns it for 'owner'). */
export function groupDetail(role: Role | null, overrides: { is_private?: 0 | 1 } = {}): GroupDetailResponse {
  const isMember = role !== null;
  return {
    group: {
      id: 12,
      slug: 'night-owls',
      group_name: 'Night Owls',
      group_dp: null,
      group_banner: null,
      owner_id: role === 'owner' ? TEST_SESSION.userId : 99,
      is_private: overrides.is_private ?? 0,
      group_verified: 0,
      category: null,
      post_count: 0,
      member_count: 3,
      is_member: isMember,
      isMember,
      is_owner: role === 'owner',
    },
    overview: [
      { section_header: 'About Us', section_desc: '' },
      { section_header: 'Rules & Regulations', section_desc: '' },
      { section_header: 'Social Media', section_desc: '' },
    ],
    isMember,
    role,
    joinRequest: 'none',
    invite: null,
  };
}

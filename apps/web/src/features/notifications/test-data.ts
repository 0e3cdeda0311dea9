import type { Notification } from '@agora/contract';
import { TEST_SESSION } from '@/test/render-app';

/** Test builder for a notification of the signed-in test user (component tests only). */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  const senderId = overrides.sender_id === undefined ? 12 : overrides.sender_id;
  return {
    id: 1,
    user_id: TEST_SESSION.userId,
    sender_id: senderId,
    senderId,
    sender_username: 'grace',
    sender_profile_image: null,
    noti_type: 'like',
    noti_content: 'grace liked your post',
    noti_link: '/groups/3/discussions/41',
    group_id: 3,
    group_name: 'Night Owls',
    group_image: null,
    discussion_id: 41,
    comment_id: null,
    blog_id: null,
    is_read: false,
    date_created: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

import type { Notification } from '@agora/contract';
import type { NotificationRow } from './notifications.queries';

/** The one place a notification row becomes SPEC §3 "Notification" (sender_id also as senderId). */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    user_id: row.userId,
    sender_id: row.senderId,
    senderId: row.senderId,
    sender_username: row.senderUsername,
    sender_profile_image: row.senderProfileImage,
    noti_type: row.notiType,
    noti_content: row.notiContent,
    noti_link: row.notiLink,
    group_id: row.groupId,
    group_name: row.groupName,
    group_image: row.groupImage,
    discussion_id: row.discussionId,
    comment_id: row.commentId,
    blog_id: row.blogId,
    is_read: row.isRead,
    date_created: row.createdAt,
  };
}

import {
  ANSWERABLE_NOTIFICATION_TYPES,
  canonicalNotificationType,
  parseDiscussionLink,
  POST_PANEL_NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
} from '@agora/contract';

/**
 * SPEC §5 Search: a notification matches when the sender's username, its content, its community's name or its
 * type contains the text, ignoring case. A type matches as written (`comment_reply`), with spaces
 * (`comment reply`), and under its alias's name (`friend_accepted` finds `friend_request_accepted`).
 */
export function notificationMatches(notification: Notification, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const type = notification.noti_type;
  const canonical = canonicalNotificationType(type);
  const fields = [notification.sender_username, notification.noti_content, notification.group_name, type, canonical];
  return fields.some((field) => {
    if (!field) return false;
    const text = field.toLowerCase();
    return text.includes(needle) || text.replaceAll('_', ' ').includes(needle);
  });
}

/** Friend requests and community invitations are answered in the panel (SPEC §2). */
export function isAnswerable(type: NotificationType): boolean {
  return (ANSWERABLE_NOTIFICATION_TYPES as readonly NotificationType[]).includes(canonicalNotificationType(type));
}

/** What clicking an item does after marking it read (SPEC §2 Notifications panel). */
export type NotificationTarget =
  /** A friend request: the sender's profile panel. */
  | { kind: 'profile'; userId: number }
  /** like, comment, comment_like, comment_reply on a discussion: the post panel (its route opens it). */
  | { kind: 'post'; groupId: number; discussionId: number; href: string }
  /** Anything else with a link: go there and close the panel. */
  | { kind: 'navigate'; href: string }
  /** Accepted or declined friend items, and items without a usable link: nothing more. */
  | { kind: 'none' };

/**
 * A link the app may follow: a path on this site ("/…"), never another origin ("//host", "/\\host"), a scheme
 * ("javascript:") or control characters. The server writes the links; this is the client's own check.
 */
export function internalPath(link: string | null | undefined): string | null {
  if (!link || link.length > 500) return null;
  if (!link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(link)) return null;
  return link;
}

export function notificationTarget(notification: Notification): NotificationTarget {
  const type = canonicalNotificationType(notification.noti_type);
  if (type === 'friend_request') {
    return notification.sender_id ? { kind: 'profile', userId: notification.sender_id } : { kind: 'none' };
  }
  if (type === 'friend_request_accepted' || type === 'friend_request_rejected') return { kind: 'none' };
  // A removal of a post or comment opens the post with its banner too (a blog's link navigates to the blog).
  if ((POST_PANEL_NOTIFICATION_TYPES as readonly NotificationType[]).includes(type) || type === 'content_removed') {
    const post = parseDiscussionLink(notification.noti_link);
    if (post) return { kind: 'post', ...post, href: notification.noti_link! };
  }
  const href = internalPath(notification.noti_link);
  return href ? { kind: 'navigate', href } : { kind: 'none' };
}

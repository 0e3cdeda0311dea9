import type { Blog } from '@agora/contract';
import type { BlogReadRow } from './blogs.queries';

/** The one place a blog row becomes the spec's shape (SPEC §3 Blog). */
export function toBlog(row: BlogReadRow): Blog {
  return {
    id: row.id,
    group_id: row.groupId,
    slug: row.slug,
    blog_title: row.title,
    blog_content: row.content,
    content_truncated: row.contentTruncated,
    blog_img: row.blogImg,
    blog_author: row.authorId,
    username: row.username,
    profileImage: row.profileImage,
    date_published: row.publishedAt,
    date_updated: row.updatedAt,
    edited_at: row.editedAt,
    likes_count: row.likeCount,
    share_count: row.shareCount,
    is_liked: row.isLiked,
    group_name: row.groupName,
    group_dp: row.groupDp,
    group_verified: row.groupVerified ? 1 : 0,
    removed: row.removedAt === null ? null : { reason: row.removedReason ?? '', at: row.removedAt },
  };
}

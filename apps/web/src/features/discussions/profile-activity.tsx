import { Link } from 'react-router';
import { MessagesSquare, RefreshCw, TriangleAlert } from 'lucide-react';
import { groupWebPath, type ActivityItem } from '@agora/contract';
import { LoadMore } from '@/components/load-more';
import { DiscussionSkeleton } from '@/components/discussion-skeleton';
import { Picture } from '@/components/ui/picture';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { COMMENT_FORMAT, RichText } from '@/lib/rich-text';
import { useUserActivity } from './api';
import { CopyLinkButton } from './copy-link';
import { DiscussionCard } from './discussion-card';
import { DISCUSSION_TEXTS } from './texts';
import { Timestamp } from './timestamp';
import { commentPanelPath, usePostPanel } from './use-post-panel';
import { defineTexts } from '@/lib/i18n';

export const ACTIVITY_TEXTS = defineTexts('activity', {
  label: 'Activity',
  loading: 'Loading activity',
  emptyOwn: "You haven't posted or commented yet.",
  emptyOther: (username: string) => `${username} has not posted or commented anywhere you can see yet.`,
  emptyTitle: 'No activity yet',
  failed: 'Activity could not be loaded.',
  tryAgain: 'Try again',
  more: 'Show more activity',
  commented: (kind: 'comment' | 'reply') => (kind === 'comment' ? 'Commented on a post' : 'Replied on a post'),
  openComment: 'Open in the post',
  commentBy: (reply: boolean, username: string) => `${reply ? 'Reply' : 'Comment'} by ${username}`,
});

/** The first line of a post's text, as plain text, for the "commented on" line. */
function excerpt(text: string): string {
  const first =
    text
      .replace(/[*_~`>#[\]]/g, '')
      .trim()
      .split('\n')[0] ?? '';
  return first.length > 120 ? `${first.slice(0, 119)}…` : first;
}

/**
 * The profile's Activity tab: the person's posts (as post cards) and comments (with the post they answer), newest
 * first, more on scroll. The server only sends what the viewer may read.
 */
export function ProfileActivity({ userId, username, own }: { userId: number; username: string; own: boolean }) {
  const activity = useUserActivity(userId);
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];

  if (activity.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={ACTIVITY_TEXTS.loading} className="space-y-4">
        <DiscussionSkeleton />
        <DiscussionSkeleton />
      </div>
    );
  }
  if (activity.isError && items.length === 0) {
    return (
      <EmptyState
        icon={TriangleAlert}
        title={ACTIVITY_TEXTS.failed}
        action={
          <Button variant="outline" onClick={() => void activity.refetch()} disabled={activity.isFetching}>
            <RefreshCw aria-hidden />
            {ACTIVITY_TEXTS.tryAgain}
          </Button>
        }
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title={ACTIVITY_TEXTS.emptyTitle}
        description={own ? ACTIVITY_TEXTS.emptyOwn : ACTIVITY_TEXTS.emptyOther(username)}
      />
    );
  }
  return (
    <div className="space-y-4">
      <ul aria-label={ACTIVITY_TEXTS.label} className="space-y-4">
        {items.map((item) => (
          <li key={item.type === 'discussion' ? `d${item.discussion.id}` : `c${item.comment.id}`}>
            {item.type === 'discussion' ? <DiscussionCard post={item.discussion} showGroup /> : <CommentActivity item={item} />}
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={activity.hasNextPage && !activity.isFetchNextPageError}
        loading={activity.isFetchingNextPage}
        onLoadMore={() => void activity.fetchNextPage()}
        label={ACTIVITY_TEXTS.more}
      />
      {activity.isFetchNextPageError ? (
        <div className="flex justify-center">
          <Button variant="ghost" size="sm" onClick={() => void activity.fetchNextPage()}>
            <RefreshCw aria-hidden />
            {ACTIVITY_TEXTS.tryAgain}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A comment or reply the person wrote: where (the post and its community), when, the text, and a way to it. */
function CommentActivity({ item }: { item: Extract<ActivityItem, { type: 'comment' }> }) {
  const { comment, discussion } = item;
  const panel = usePostPanel();
  const kind = comment.parentCommentId === null ? 'comment' : 'reply';
  return (
    <article
      aria-label={ACTIVITY_TEXTS.commentBy(kind !== 'comment', comment.username)}
      data-testid="activity-comment"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-x-1.5 text-sm text-fg-subtle">
        <span>{ACTIVITY_TEXTS.commented(kind)}</span>
        <span>{DISCUSSION_TEXTS.inCommunity}</span>
        <Link
          to={groupWebPath(discussion.slug)}
          className="inline-block min-h-6 leading-6 font-semibold text-fg-muted hover:text-fg hover:underline focus-visible:rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {discussion.group_name}
        </Link>
        <span aria-hidden>·</span>
        <Timestamp value={comment.date_posted} />
      </div>
      <div className="mt-3 flex gap-2.5">
        <Picture src={comment.profileImage} size="sm" />
        <div className="min-w-0 flex-1 rounded-2xl bg-surface-muted px-3 py-2">
          <RichText text={comment.content} format={COMMENT_FORMAT} className="text-sm" />
        </div>
      </div>
      <div className="mt-3 flex items-center gap-2 border-t border-line pt-2">
        <button
          type="button"
          onClick={() => panel.open(discussion.group_id, discussion.id, comment)}
          className="min-w-0 flex-1 truncate rounded-lg px-2 py-1.5 text-left text-sm text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <span className="font-semibold text-accent-fg">{ACTIVITY_TEXTS.openComment}</span>
          <span className="ml-1.5">
            {discussion.username}: “{excerpt(discussion.discussion_content)}”
          </span>
        </button>
        <CopyLinkButton path={commentPanelPath(discussion.group_id, comment)} />
      </div>
    </article>
  );
}

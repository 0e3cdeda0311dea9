import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { BadgeCheck, FileX2, MessageCircle, X } from 'lucide-react';
import { groupWebPath, type Discussion } from '@agora/contract';
import { Picture } from '@/components/ui/picture';
import { buttonClasses } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { useReturnFocus } from '@/components/ui/return-focus';
import { Skeleton } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSwipeToClose } from '@/lib/use-swipe-to-close';
import { useLiveRoom, useLiveRoomState } from '@/lib/live-rooms';
import { ROLE_LABELS, RoleName } from '@/features/members/public';
import { useProfilePanel } from '@/features/profiles/public';
import { useDiscussion } from './api';
import { CopyLinkButton } from './copy-link';
import { DiscussionBody, DiscussionLikeButton, PinnedBadge } from './discussion-card';
import { RemovedBanner } from './removal';
import { CommentComposer, type ReplyTarget } from './comment-composer';
import { CommentsSection, useFailureToast } from './comments';
import { DISCUSSION_TEXTS } from './texts';
import { useIsPostDeleted } from './live-posts';
import { LIVE_TEXTS } from './live-texts';
import { Timestamp } from './timestamp';
import { EditedMark } from './edit-history';
import { POST_FORMAT } from '@/lib/rich-text';
import { postPanelPath, usePostPanel, type CommentTarget, type PostTarget } from './use-post-panel';

/**
 * The post panel (SPEC §2): a right-side drawer titled "Post", opened on any page by `?post=<groupId>-<discussionId>`.
 * Escape, the close button and the backdrop close it and focus returns to what opened it; under 768 px a rightward
 * swipe closes it too (SPEC §9 thresholds, 180 ms).
 */
export function DiscussionPanel() {
  const { target, comment, isOpen, close } = usePostPanel();
  const panel = useRef<HTMLDivElement>(null);
  const swipe = useSwipeToClose(panel, 'right', close);
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(next) => (next ? undefined : close())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-scrim data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          ref={panel}
          {...returnFocus}
          {...swipe}
          aria-describedby={undefined}
          // Escape in a comment's editor cancels the edit (issue 15 §1), not the panel.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-escape-cancels]')) event.preventDefault();
          }}
          data-testid="post-panel"
          className={cn(
            'fixed inset-y-0 right-0 z-40 flex w-full touch-pan-y flex-col bg-surface text-fg shadow-panel md:w-[520px] md:max-w-[calc(100vw-2rem)]',
            'data-[state=open]:animate-slide-in-right focus-visible:outline-none',
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
            <RadixDialog.Title className="text-lg font-semibold text-fg">{DISCUSSION_TEXTS.panelTitle}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={DISCUSSION_TEXTS.closePanel}
              className="rounded-lg p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {target ? (
            <DiscussionView key={`${target.groupId}-${target.discussionId}`} target={target} linked={comment} />
          ) : (
            <DiscussionMissing />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * SPEC §2 "Post Not Available" with its text (a 404), or the reason another failure gave, and Close; "This post was
 * deleted" when it went while open (issue 17 §1).
 */
function DiscussionMissing({
  title = DISCUSSION_TEXTS.notAvailable,
  message = DISCUSSION_TEXTS.notAvailableText,
}: {
  title?: string;
  message?: string;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 pb-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-muted text-fg-subtle">
        <FileX2 className="size-7" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold text-fg">{title}</h3>
      <p className="max-w-sm text-sm text-fg-muted">{message}</p>
      <RadixDialog.Close className={buttonClasses('outline', 'md', 'mt-2')}>{DISCUSSION_TEXTS.close}</RadixDialog.Close>
    </div>
  );
}

function PanelSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label={DISCUSSION_TEXTS.loadingPost} className="space-y-4 p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-9 rounded-lg" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function DiscussionView({ target, linked }: { target: PostTarget; linked: CommentTarget | null }) {
  const query = useDiscussion(target.groupId, target.discussionId);
  // Issue 17 §1: the post's room while the panel shows it (comments, likes, edits, its deletion).
  useLiveRoom(`discussion:${target.discussionId}`);
  const deleted = useIsPostDeleted(target.discussionId);
  const liveState = useLiveRoomState(`discussion:${target.discussionId}`);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useFailureToast(query.error, query.errorUpdatedAt, DISCUSSION_TEXTS.loadPostFailed, notFound || query.data !== undefined);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const input = useRef<HTMLTextAreaElement>(null);
  // A link to a reply opens its comment's replies (adjusted while rendering when the address names another one).
  const linkedParent = linked?.parentId ?? null;
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if (linkedParent !== openedFor) {
    setOpenedFor(linkedParent);
    if (linkedParent !== null && !expanded.has(linkedParent)) setExpanded(new Set(expanded).add(linkedParent));
  }
  // The comment just sent, brought into view once it is on screen (the end of the conversation).
  const [sentId, setSentId] = useState<number | null>(null);
  useEffect(() => {
    if (sentId === null) return;
    document.querySelector(`[data-comment-id="${sentId}"]`)?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [sentId]);

  const toggleReplies = useCallback((commentId: number, open?: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(commentId)) next.add(commentId);
      else next.delete(commentId);
      return next;
    });
  }, []);
  const chooseReply = useCallback((target: ReplyTarget) => {
    setReplyTo(target);
    input.current?.focus();
  }, []);

  if (deleted) return <DiscussionMissing title={LIVE_TEXTS.postDeleted} message={LIVE_TEXTS.postDeletedText} />;
  if (query.isPending) return <PanelSkeleton />;
  if (!query.data) {
    return <DiscussionMissing message={notFound ? undefined : errorMessage(query.error, DISCUSSION_TEXTS.loadPostFailed)} />;
  }
  const post = query.data.discussion;
  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-live-state={liveState ?? 'none'}>
        <article aria-label={DISCUSSION_TEXTS.postBy(post.username)} className="space-y-4 p-4 sm:p-5">
          <GroupLine post={post} />
          <PanelAuthor post={post} />
          <RemovedBanner removed={post.removed} />
          <DiscussionBody post={post} />
          <div className="flex items-center gap-3 border-y border-line py-1.5">
            <DiscussionLikeButton post={post} />
            <span className="inline-flex items-center gap-1.5 text-sm text-fg-muted">
              <MessageCircle className="size-[18px]" aria-hidden />
              {DISCUSSION_TEXTS.comments(post.commentCount)}
            </span>
            <CopyLinkButton path={postPanelPath(post.group_id, post.id)} className="ml-auto" />
          </div>
        </article>
        <CommentsSection post={post} linked={linked} expanded={expanded} onToggleReplies={toggleReplies} onReply={chooseReply} />
      </div>
      <CommentComposer
        post={post}
        replyTo={replyTo}
        inputRef={input}
        onCancelReply={() => {
          setReplyTo(null);
          input.current?.focus();
        }}
        onSent={(parentId, commentId) => {
          setReplyTo(null);
          if (parentId !== null) toggleReplies(parentId, true);
          setSentId(commentId);
        }}
      />
    </>
  );
}

/** The community's picture and name (with its verified badge), linking to it. */
function GroupLine({ post }: { post: Discussion }) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <FallbackImage src={post.group_dp} kind="community" alt="" className="size-9 shrink-0 rounded-lg object-cover ring-1 ring-line" />
      <Link
        to={groupWebPath(post.slug)}
        className="min-w-0 truncate font-semibold text-fg hover:underline focus-visible:rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {post.group_name}
      </Link>
      {post.group_verified === 1 ? (
        <Tooltip content={DISCUSSION_TEXTS.verified}>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a tooltip trigger must take focus */}
          <span tabIndex={0} role="img" aria-label={DISCUSSION_TEXTS.verified} className="inline-flex shrink-0 rounded-full text-accent-fg">
            <BadgeCheck className="size-5" aria-hidden />
          </span>
        </Tooltip>
      ) : null}
    </div>
  );
}

/** The author with the role badge and the date (SPEC §2 post panel). */
function PanelAuthor({ post }: { post: Discussion }) {
  const profile = useProfilePanel();
  const openProfile = () => profile.open(post.userId);
  return (
    <div className="flex items-center gap-3">
      <button type="button" tabIndex={-1} aria-hidden onClick={openProfile} className="shrink-0 rounded-full">
        <Picture src={post.profileImage} size="md" />
      </button>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={openProfile}
            className="min-w-0 max-w-full rounded-md hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <RoleName username={post.username} role={post.role} />
          </button>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              post.role === 'owner' || post.role === 'admin'
                ? 'bg-danger-soft text-role-admin'
                : post.role === 'moderator'
                  ? 'bg-accent-soft text-role-moderator'
                  : 'bg-surface-muted text-fg-muted',
            )}
          >
            {ROLE_LABELS[post.role]}
          </span>
          {post.is_pinned === 1 ? <PinnedBadge /> : null}
        </div>
        <div className="mt-0.5 text-sm text-fg-subtle">
          <Timestamp value={post.date_posted} />
          {(post.edited_at ?? post.date_edited) ? (
            <>
              {' · '}
              <EditedMark
                editedAt={post.edited_at ?? post.date_edited}
                target={{ kind: 'discussion', groupId: post.group_id, discussionId: post.id }}
                format={POST_FORMAT}
              />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { BadgeCheck, CornerDownRight, FileX2, LogIn, MessageCircle, X } from 'lucide-react';
import { DISCUSSION_LIMITS, groupWebPath, type Comment, type Discussion } from '@agora/contract';
import { LoadError, loadFailed } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Picture } from '@/components/ui/picture';
import { Button, buttonClasses } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { useReturnFocus } from '@/components/ui/return-focus';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { COMMENT_FORMAT, RichText } from '@/lib/rich-text';
import { useSession } from '@/lib/session';
import { useSwipeToClose } from '@/lib/use-swipe-to-close';
import { useDraft } from '@/lib/use-draft';
import { toastError } from '@/lib/toast';
import { loginPathFor } from '@/features/auth/public';
import { useGroup } from '@/features/groups/api';
import { ROLE_LABELS, RoleName } from '@/features/members/public';
import { useProfilePanel } from '@/features/profiles/public';
import { useComments, useCreateComment, useDiscussion, useLikeComment, useReplies } from './api';
import { copyLink, CopyLinkButton } from './copy-link';
import { LikeButton } from './like-button';
import { DiscussionBody, DiscussionLikeButton, PinnedBadge } from './discussion-card';
import { DISCUSSION_TEXTS } from './texts';
import { Timestamp } from './timestamp';
import { commentPanelPath, postPanelPath, usePostPanel, type CommentTarget, type PostTarget } from './use-post-panel';

/** Who a new comment answers: a top-level comment (replies are one level deep) and the name shown. */
interface ReplyTarget {
  commentId: number;
  username: string;
}

/**
 * A toast for a failed read, once per failure (SPEC §8 lists "Failed to load post / comments / replies" among its
 * toasts, or the server's message). The post and the comments also render their failure inline (DiscussionMissing,
 * LoadError); the toast is the spec's, kept beside them.
 */
function useFailureToast(error: unknown, failedAt: number, fallback: string, skip = false) {
  useEffect(() => {
    if (!error || skip) return;
    void toastError(errorMessage(error, fallback));
    // Once per failure: `failedAt` changes with each new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedAt]);
}

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

/** SPEC §2 "Post Not Available" with its text (a 404), or the reason another failure gave, and Close. */
function DiscussionMissing({ message = DISCUSSION_TEXTS.notAvailableText }: { message?: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 pb-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-muted text-fg-subtle">
        <FileX2 className="size-7" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold text-fg">{DISCUSSION_TEXTS.notAvailable}</h3>
      <p className="max-w-sm text-sm text-fg-muted">{message}</p>
      <RadixDialog.Close className={buttonClasses('outline', 'md', 'mt-2')}>{DISCUSSION_TEXTS.close}</RadixDialog.Close>
    </div>
  );
}

function PanelSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading post" className="space-y-4 p-5">
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

/** Pages of comments (or replies) loaded at most while looking for a linked comment. */
const LINKED_PAGES_MAX = 20;

function DiscussionView({ target, linked }: { target: PostTarget; linked: CommentTarget | null }) {
  const query = useDiscussion(target.groupId, target.discussionId);
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

  if (query.isPending) return <PanelSkeleton />;
  if (!query.data) {
    return <DiscussionMissing message={notFound ? undefined : errorMessage(query.error, DISCUSSION_TEXTS.loadPostFailed)} />;
  }
  const post = query.data.discussion;
  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <article aria-label={`Post by ${post.username}`} className="space-y-4 p-4 sm:p-5">
          <GroupLine post={post} />
          <PanelAuthor post={post} />
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
        <Tooltip content="Verified">
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a tooltip trigger must take focus */}
          <span tabIndex={0} role="img" aria-label="Verified" className="inline-flex shrink-0 rounded-full text-accent-fg">
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
          {post.date_edited ? <span> · {DISCUSSION_TEXTS.edited}</span> : null}
        </div>
      </div>
    </div>
  );
}

interface CommentsSectionProps {
  post: Discussion;
  /** A comment the address names (`&comment=`): loaded, scrolled into view and marked. */
  linked: CommentTarget | null;
  expanded: ReadonlySet<number>;
  onToggleReplies: (commentId: number) => void;
  onReply: (target: ReplyTarget) => void;
}

/**
 * "Comments (n)": oldest first (a conversation reads down), more on scroll; each with its replies on demand. A
 * comment just sent sits at the end of the loaded ones and may come again with a later page: shown once.
 */
function CommentsSection({ post, linked, expanded, onToggleReplies, onReply }: CommentsSectionProps) {
  const comments = useComments(post.group_id, post.id);
  useFailureToast(comments.error, comments.errorUpdatedAt, DISCUSSION_TEXTS.loadCommentsFailed);
  const list = uniqueById(comments.data?.pages.flatMap((page) => page.comments) ?? []);
  // The linked comment (or, for a reply, its top-level comment) may be on a later page: load pages until it is here.
  const linkedTop = linked ? (linked.parentId ?? linked.commentId) : null;
  const found = linkedTop !== null && list.some((c) => c.id === linkedTop);
  const pages = comments.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = comments;
  const searching = linkedTop !== null && !found && hasNextPage && !isFetchNextPageError && pages < LINKED_PAGES_MAX;
  // `pages` too: a fast answer can land in the same render as the fetching flag, and the next page is still wanted.
  useEffect(() => {
    if (searching && !isFetchingNextPage && pages > 0) void fetchNextPage();
  }, [searching, isFetchingNextPage, fetchNextPage, pages]);
  const linkedMissing = linkedTop !== null && !comments.isPending && !found && !searching && !comments.isError;
  return (
    <section aria-labelledby="post-comments-heading" className="px-4 pb-4 sm:px-5">
      <h3 id="post-comments-heading" className="text-base font-semibold text-fg">
        {DISCUSSION_TEXTS.commentsHeading(post.commentCount)}
      </h3>
      {comments.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading comments" />
        </div>
      ) : null}
      {linkedMissing ? (
        <p role="status" className="mt-3 rounded-lg bg-surface-muted px-3 py-2 text-sm text-fg-muted">
          {DISCUSSION_TEXTS.linkedCommentMissing}
        </p>
      ) : null}
      {comments.isPending ? null : loadFailed(comments) ? (
        <LoadError
          compact
          message={DISCUSSION_TEXTS.loadCommentsFailed}
          onRetry={() => comments.refetch()}
          retrying={comments.isFetching}
          className="mt-3"
        />
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-sm text-fg-subtle">
          {DISCUSSION_TEXTS.noComments}. {DISCUSSION_TEXTS.beFirstComment}
        </p>
      ) : (
        <ul className="mt-3 space-y-4">
          {list.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                groupId={post.group_id}
                highlighted={linked !== null && linked.parentId === null && linked.commentId === comment.id}
                onReply={() => onReply({ commentId: comment.id, username: comment.username })}
              >
                {comment.replyCount > 0 ? (
                  <RepliesToggle
                    comment={comment}
                    groupId={post.group_id}
                    linkedReply={linked !== null && linked.parentId === comment.id ? linked.commentId : null}
                    open={expanded.has(comment.id)}
                    onToggle={() => onToggleReplies(comment.id)}
                    onReply={(reply) => onReply({ commentId: comment.id, username: reply.username })}
                  />
                ) : null}
              </CommentItem>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={comments.hasNextPage && !comments.isFetchNextPageError}
        loading={comments.isFetchingNextPage}
        onLoadMore={() => void comments.fetchNextPage()}
        label={DISCUSSION_TEXTS.moreComments}
      />
    </section>
  );
}

/**
 * Each comment once, where its last copy is: a comment just sent is appended to the pages loaded so far, and when
 * the later pages load it arrives again in its real place (the end, oldest first), so that copy wins.
 */
function uniqueById(comments: Comment[]): Comment[] {
  const last = new Map<number, number>();
  comments.forEach((c, index) => last.set(c.id, index));
  return comments.filter((c, index) => last.get(c.id) === index);
}

interface CommentItemProps {
  comment: Comment;
  groupId: number;
  /** The comment the address links to: scrolled into view once and marked. */
  highlighted?: boolean;
  onReply: () => void;
  children?: ReactNode;
}

/** A comment or reply (SPEC §2): avatar, name (opens the profile), date, text, like, Reply. */
function CommentItem({ comment, groupId, highlighted = false, onReply, children }: CommentItemProps) {
  const profile = useProfilePanel();
  const like = useLikeComment();
  const session = useSession();
  const openProfile = () => profile.open(comment.userId);
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) node.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);
  return (
    <div
      ref={node}
      id={`comment-${comment.id}`}
      className={cn('flex gap-2.5 rounded-2xl', highlighted && 'bg-accent-soft/60 p-1.5 ring-2 ring-accent-fg/50')}
      data-testid={comment.parentCommentId === null ? 'comment' : 'reply'}
      data-highlighted={highlighted || undefined}
      data-comment-id={comment.id}
    >
      <button type="button" tabIndex={-1} aria-hidden onClick={openProfile} className="shrink-0 self-start rounded-full">
        <Picture src={comment.profileImage} size="sm" />
      </button>
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-surface-muted px-3 py-2">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <button
              type="button"
              onClick={openProfile}
              className="max-w-full truncate rounded-md text-sm font-semibold text-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {comment.username}
            </button>
            <Timestamp value={comment.date_posted} className="text-xs text-fg-subtle" />
            {highlighted ? <span className="text-xs font-semibold text-accent-fg">{DISCUSSION_TEXTS.linkedComment}</span> : null}
          </div>
          <RichText text={comment.content} format={COMMENT_FORMAT} className="text-sm" />
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-1">
          <LikeButton
            groupId={groupId}
            size="sm"
            liked={comment.isLiked}
            count={comment.likeCount}
            label={DISCUSSION_TEXTS.likeComment}
            countLabel={DISCUSSION_TEXTS.likes(comment.likeCount)}
            onToggle={() => like.run({ groupId, comment })}
          />
          {session ? (
            <button
              type="button"
              onClick={onReply}
              aria-label={`${DISCUSSION_TEXTS.reply} to ${comment.username}`}
              className="h-7 rounded-lg px-2 text-xs font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {DISCUSSION_TEXTS.reply}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => void copyLink(commentPanelPath(groupId, comment))}
            aria-label={`${DISCUSSION_TEXTS.copyLink} to ${comment.username}'s ${comment.parentCommentId === null ? 'comment' : 'reply'}`}
            className="h-7 rounded-lg px-2 text-xs font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {DISCUSSION_TEXTS.copyLink}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

interface RepliesToggleProps {
  comment: Comment;
  groupId: number;
  /** A reply the address links to (its id), or null. */
  linkedReply: number | null;
  open: boolean;
  onToggle: () => void;
  onReply: (reply: Comment) => void;
}

/** "View {n} replies": loads the replies on first expansion with a spinner (SPEC §2, §4), then shows or hides them. */
function RepliesToggle({ comment, groupId, linkedReply, open, onToggle, onReply }: RepliesToggleProps) {
  const replies = useReplies(groupId, comment.discussion_id, comment.id, open);
  useFailureToast(replies.error, replies.errorUpdatedAt, DISCUSSION_TEXTS.loadRepliesFailed);
  const list = uniqueById(replies.data?.pages.flatMap((page) => page.replies) ?? []);
  const found = linkedReply !== null && list.some((r) => r.id === linkedReply);
  const pages = replies.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = replies;
  const searching = open && linkedReply !== null && !found && hasNextPage && !isFetchNextPageError && pages < LINKED_PAGES_MAX;
  // `pages` too: a fast answer can land in the same render as the fetching flag, and the next page is still wanted.
  useEffect(() => {
    if (searching && !isFetchingNextPage && pages > 0) void fetchNextPage();
  }, [searching, isFetchingNextPage, fetchNextPage, pages]);
  const loading = open && replies.isPending && replies.fetchStatus === 'fetching';
  const listId = `replies-${comment.id}`;
  return (
    <div className="mt-1">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        className="inline-flex h-7 items-center gap-1.5 rounded-lg px-2 text-xs font-semibold text-accent-fg hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <CornerDownRight className="size-3.5" aria-hidden />
        {open ? DISCUSSION_TEXTS.hideReplies : DISCUSSION_TEXTS.viewReplies(comment.replyCount)}
        {loading ? <Spinner className="size-3.5" label="Loading replies" /> : null}
      </button>
      {open && list.length > 0 ? (
        <ul id={listId} className="mt-2 space-y-3 border-l-2 border-line pl-3">
          {list.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} groupId={groupId} highlighted={reply.id === linkedReply} onReply={() => onReply(reply)} />
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <LoadMore
          hasMore={replies.hasNextPage && !replies.isFetchNextPageError}
          loading={replies.isFetchingNextPage}
          onLoadMore={() => void replies.fetchNextPage()}
          label={DISCUSSION_TEXTS.moreReplies}
        />
      ) : null}
    </div>
  );
}

interface CommentComposerProps {
  post: Discussion;
  replyTo: ReplyTarget | null;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onCancelReply: () => void;
  onSent: (parentId: number | null, commentId: number) => void;
}

/**
 * "Add a comment..." / "Write your reply..." with Post / Reply (SPEC §2): Enter sends (Shift+Enter is a new line),
 * the input is disabled while sending and takes focus again after. Visitors get a way to sign in; signed-in people
 * outside the community are told to join (the server refuses their comments).
 */
function CommentComposer({ post, replyTo, inputRef, onCancelReply, onSent }: CommentComposerProps) {
  const session = useSession();
  const location = useLocation();
  const group = useGroup(String(post.group_id));
  const create = useCreateComment(post.group_id, post.id);
  // A draft per post, and per comment replied to (issue 12 §2.3): kept on this device until sent.
  const [text, setText, discardText] = useDraft(replyTo ? `reply:${post.id}:${replyTo.commentId}` : `comment:${post.id}`, '');
  const [error, setError] = useState<string | null>(null);
  const sending = create.isPending;
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) inputRef.current?.focus();
    wasSending.current = sending;
  }, [sending, inputRef]);

  if (!session) {
    return (
      <div className="border-t border-line p-3 sm:px-5">
        <Link to={loginPathFor(`${location.pathname}${location.search}`)} className={buttonClasses('primary', 'md', 'w-full')}>
          <LogIn aria-hidden />
          {DISCUSSION_TEXTS.signInToComment}
        </Link>
      </div>
    );
  }
  const detail = group.data;
  if (detail && !detail.isMember && detail.group.owner_id !== session.userId) {
    return (
      <p className="border-t border-line p-4 text-center text-sm text-fg-muted sm:px-5">
        <Link to={groupWebPath(post.slug)} className="font-semibold text-accent-fg hover:underline">
          {DISCUSSION_TEXTS.joinToComment}
        </Link>
      </p>
    );
  }

  const placeholder = replyTo ? DISCUSSION_TEXTS.writeReply : DISCUSSION_TEXTS.addComment;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    if (text.trim() === '') {
      setError(DISCUSSION_TEXTS.commentEmpty);
      return;
    }
    setError(null);
    const parentId = replyTo?.commentId ?? null;
    create.mutate(
      { content: text, parentCommentId: parentId },
      {
        onSuccess: ({ comment }) => {
          discardText();
          onSent(parentId, comment.id);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2 border-t border-line bg-surface p-3 sm:px-5">
      {replyTo ? (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-accent-soft px-3 py-1.5 text-sm text-accent-fg">
          <span className="min-w-0 truncate">{DISCUSSION_TEXTS.replyingTo(replyTo.username)}</span>
          <button
            type="button"
            onClick={onCancelReply}
            aria-label={DISCUSSION_TEXTS.cancelReply}
            className="rounded-md p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-ring dark:hover:bg-brand-900"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor="post-comment-input" className="sr-only">
          {placeholder}
        </label>
        <textarea
          id="post-comment-input"
          ref={inputRef}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          disabled={sending}
          placeholder={placeholder}
          rows={Math.min(5, Math.max(1, text.split('\n').length))}
          maxLength={DISCUSSION_LIMITS.commentMax}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'post-comment-error' : undefined}
          className={cn(
            'min-h-10 min-w-0 flex-1 resize-none rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm leading-relaxed text-fg',
            'placeholder:text-fg-subtle focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-60',
          )}
        />
        <Button type="submit" disabled={sending}>
          {replyTo ? DISCUSSION_TEXTS.reply : DISCUSSION_TEXTS.postComment}
        </Button>
      </div>
      {error ? (
        <p id="post-comment-error" role="alert" className="text-sm text-danger-fg">
          {error}
        </p>
      ) : null}
    </form>
  );
}

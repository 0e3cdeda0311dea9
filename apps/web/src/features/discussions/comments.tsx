import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CornerDownRight, EyeOff } from 'lucide-react';
import { type Comment, DISCUSSION_LIMITS, type Discussion, REMOVED_COMMENT_TEXT } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { LoadError, loadFailed } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Picture } from '@/components/ui/picture';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { COMMENT_FORMAT, RichText } from '@/lib/rich-text';
import { useSession } from '@/lib/session';
import { ReportButton } from '@/features/moderation/lazy';
import { toastError } from '@/lib/toast';
import { useProfilePanel } from '@/features/profiles/public';
import { BLOCK_TEXTS } from '@/features/account/public';
import { lazyComponent } from '@/lib/lazy-component';
import { localizeMessage } from '@/lib/i18n';
import { useComments, useLikeComment, useModerateComment, useReplies } from './api';
import { useDeleteComment, useUpdateComment } from './edit-api';
import { EditedMark } from './edit-history';
import { RemovedBanner } from './removal';
import { RemovalActions } from './removal-actions';
import { copyLink } from './copy-link';
import { LikeButton } from './like-button';
import type { ReplyTarget } from './comment-composer';
import { DISCUSSION_TEXTS } from './texts';
import { Timestamp } from './timestamp';
import { commentPanelPath, type CommentTarget } from './use-post-panel';

/*
 * The post panel's conversation (SPEC §2): the comments, their replies, and the box that adds one. Split from
 * discussion-panel.tsx, which shows the post and composes these.
 */

const ConfirmDialog = lazyComponent(
  () => import('@/components/ui/confirm-dialog'),
  (m) => m.ConfirmDialog,
);

/** Pages of comments (or replies) loaded at most while looking for a linked comment. */
const LINKED_PAGES_MAX = 20;

/**
 * A toast for a failed read, once per failure (SPEC §8 lists "Failed to load post / comments / replies" among its
 * toasts, or the server's message). The post and the comments also render their failure inline (DiscussionMissing,
 * LoadError); the toast is the spec's, kept beside them.
 */
export function useFailureToast(error: unknown, failedAt: number, fallback: string, skip = false) {
  useEffect(() => {
    if (!error || skip) return;
    void toastError(errorMessage(error, fallback));
    // Once per failure: `failedAt` changes with each new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedAt]);
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
export function CommentsSection({ post, linked, expanded, onToggleReplies, onReply }: CommentsSectionProps) {
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
  // The thread's comments by people the viewer blocked (issue 15 §6): every page says the same count; the newest wins.
  const hidden = comments.data?.pages.at(-1)?.hiddenCount ?? 0;
  return (
    <section aria-labelledby="post-comments-heading" className="px-4 pb-4 sm:px-5">
      <h3 id="post-comments-heading" className="text-base font-semibold text-fg">
        {DISCUSSION_TEXTS.commentsHeading(post.commentCount)}
      </h3>
      {comments.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={DISCUSSION_TEXTS.loadingComments} />
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
      ) : list.length === 0 && hidden === 0 ? (
        <p className="py-6 text-center text-sm text-fg-subtle">
          {DISCUSSION_TEXTS.noComments}. {DISCUSSION_TEXTS.beFirstComment}
        </p>
      ) : list.length === 0 ? null : (
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
      {hidden > 0 ? <HiddenLine text={BLOCK_TEXTS.hiddenComments(hidden)} /> : null}
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

const commentActionButton =
  'flex size-7 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const smallAction =
  'h-7 rounded-lg px-2 text-xs font-semibold text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * A comment or reply (SPEC §2): avatar, name (opens the profile), date, "edited" (opens the history), text, like,
 * Reply; Edit for its author and Delete for those who may (issue 15 §1). One deleted while it has replies shows
 * "This comment was deleted." in place, its replies below.
 */
function CommentItem({ comment, groupId, highlighted = false, onReply, children }: CommentItemProps) {
  const profile = useProfilePanel();
  const like = useLikeComment();
  const moderate = useModerateComment();
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(groupId);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const openProfile = () => profile.open(comment.userId);
  const node = useRef<HTMLDivElement>(null);
  const reply = comment.parentCommentId !== null;
  // A linked comment (a search hit, a shared link, a notification) is scrolled into view, flashes (the mark fades;
  // at once under reduced motion, index.css) and takes focus, so a screen reader reads it (issue 16 §4).
  useEffect(() => {
    if (!highlighted) return;
    node.current?.scrollIntoView?.({ block: 'center' });
    node.current?.focus({ preventScroll: true });
  }, [highlighted]);
  // Leaving the editor hands focus back to the Edit button (Save and Cancel are gone by then).
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const frame = {
    ref: node,
    id: `comment-${comment.id}`,
    className: cn(
      'flex gap-2.5 rounded-2xl',
      highlighted && 'animate-flash bg-accent-soft/60 p-1.5 ring-2 ring-accent-fg/50 focus:outline-none focus-visible:outline-2 focus-visible:outline-ring',
    ),
    tabIndex: highlighted ? -1 : undefined,
    'data-testid': reply ? 'reply' : 'comment',
    'data-highlighted': highlighted || undefined,
    'data-comment-id': comment.id,
  };
  if (comment.deleted) {
    return (
      <div {...frame} data-deleted>
        <Picture src={null} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="rounded-2xl bg-surface-muted px-3 py-2 text-sm text-fg-muted italic">
            {comment.content === REMOVED_COMMENT_TEXT ? DISCUSSION_TEXTS.removedComment : DISCUSSION_TEXTS.deletedComment}
          </p>
          {children}
        </div>
      </div>
    );
  }
  return (
    <div {...frame}>
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
            <EditedMark
              editedAt={comment.edited_at ?? null}
              target={{ kind: 'comment', groupId, discussionId: comment.discussion_id, commentId: comment.id }}
              format={COMMENT_FORMAT}
              className="text-xs text-fg-subtle"
            />
            {highlighted ? <span className="text-xs font-semibold text-accent-fg">{DISCUSSION_TEXTS.linkedComment}</span> : null}
          </div>
          {editing ? (
            <CommentEditForm comment={comment} groupId={groupId} onDone={() => setEditing(false)} />
          ) : (
            <RichText text={comment.content} format={COMMENT_FORMAT} className="text-sm" />
          )}
        </div>
        <RemovedBanner removed={comment.removed} className="mt-1" />
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
            <button type="button" onClick={onReply} aria-label={DISCUSSION_TEXTS.replyTo(comment.username)} className={smallAction}>
              {DISCUSSION_TEXTS.reply}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => void copyLink(commentPanelPath(groupId, comment))}
            aria-label={DISCUSSION_TEXTS.copyLinkTo(comment.username, reply)}
            className={smallAction}
          >
            {DISCUSSION_TEXTS.copyLink}
          </button>
          <RemovalActions
            kind="comment"
            abilities={comment.abilities}
            busy={moderate.isPending}
            buttonClassName={commentActionButton}
            onRemove={(reason, done) => moderate.mutate({ groupId, comment, reason }, { onSettled: done })}
            onRestore={() => moderate.mutate({ groupId, comment, reason: null })}
          />
          {comment.abilities?.edit && !editing ? (
            <button
              ref={editButton}
              type="button"
              onClick={() => setEditing(true)}
              aria-label={DISCUSSION_TEXTS.editCommentOf(reply)}
              className={smallAction}
            >
              {DISCUSSION_TEXTS.editComment}
            </button>
          ) : null}
          {comment.canDelete ? (
            <button
              ref={deleteButton}
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={DISCUSSION_TEXTS.deleteCommentOf(comment.username, reply)}
              className={cn(smallAction, 'hover:bg-danger-soft hover:text-danger-fg')}
            >
              {DISCUSSION_TEXTS.deleteComment}
            </button>
          ) : null}
          {comment.deleted ? null : (
            <ReportButton
              targetType="comment"
              targetId={comment.id}
              groupId={groupId}
              authorId={comment.userId}
              name={comment.username}
              className="h-7 text-xs"
            />
          )}
        </div>
        {confirming ? (
          <Suspense fallback={null}>
            <ConfirmDialog
              open
              onOpenChange={setConfirming}
              title={DISCUSSION_TEXTS.confirmDeleteComment}
              description={comment.replyCount > 0 ? DISCUSSION_TEXTS.confirmDeleteCommentText : undefined}
              confirmLabel={DISCUSSION_TEXTS.deleteConfirm}
              cancelLabel={DISCUSSION_TEXTS.cancel}
              destructive
              busy={remove.isPending}
              returnFocusTo={deleteButton}
              onConfirm={() => remove.mutate({ comment }, { onSettled: () => setConfirming(false) })}
            />
          </Suspense>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** The author's edit in place: the text, Save or Cancel; Escape cancels (as a post's edit, SPEC §4). */
function CommentEditForm({ comment, groupId, onDone }: { comment: Comment; groupId: number; onDone: () => void }) {
  const [text, setText] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateComment(groupId);
  const id = `edit-comment-${comment.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (text.trim() === '') {
      setError(DISCUSSION_TEXTS.commentEmpty);
      return;
    }
    update.mutate({ comment, content: text }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="mt-1 space-y-2" data-escape-cancels>
      <label htmlFor={id} className="sr-only">
        {DISCUSSION_TEXTS.commentEditorLabel}
      </label>
      <textarea
        id={id}
        ref={(el) => el?.focus()}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onDone();
          }
        }}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        maxLength={DISCUSSION_LIMITS.commentMax}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full resize-y rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm leading-relaxed text-fg focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-fg">
          {localizeMessage(error)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          {DISCUSSION_TEXTS.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {DISCUSSION_TEXTS.save}
        </Button>
      </div>
    </form>
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
  const hidden = open ? (replies.data?.pages.at(-1)?.hiddenCount ?? 0) : 0;
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
        {loading ? <Spinner className="size-3.5" label={DISCUSSION_TEXTS.loadingReplies} /> : null}
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
      {hidden > 0 ? <HiddenLine text={BLOCK_TEXTS.hiddenReplies(hidden)} /> : null}
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

/** "1 hidden comment from a blocked person": what the viewer's blocks left out of this thread (issue 15 §6). */
function HiddenLine({ text }: { text: string }) {
  return (
    <p className="mt-3 flex items-center gap-2 text-sm text-fg-subtle italic">
      <EyeOff className="size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

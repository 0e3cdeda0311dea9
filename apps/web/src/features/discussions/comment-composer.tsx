import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { LogIn, X } from 'lucide-react';
import { DISCUSSION_LIMITS, groupWebPath, type Discussion } from '@agora/contract';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useDraft } from '@/lib/use-draft';
import { loginPathFor } from '@/features/auth/public';
import { useGroup } from '@/features/groups/api';
import { MentionAutocomplete } from '@/features/mentions/lazy';
import { postingRefusal, useCreateComment } from './api';
import { DISCUSSION_TEXTS } from './texts';
import { localizeMessage } from '@/lib/i18n';

/* The box under the post panel's conversation that adds a comment or a reply (SPEC §2). */

/** Who a new comment answers: a top-level comment (replies are one level deep) and the name shown. */
export interface ReplyTarget {
  commentId: number;
  username: string;
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
export function CommentComposer({ post, replyTo, inputRef, onCancelReply, onSent }: CommentComposerProps) {
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
        // Slow mode, account age, a blocked word…: the server's words stay under the box (no toast).
        onError: (failure) => {
          const refusal = postingRefusal(failure);
          if (refusal) setError(refusal);
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
        <div className="relative min-w-0 flex-1">
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
              'block min-h-10 w-full resize-none rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm leading-relaxed text-fg',
              'placeholder:text-fg-subtle focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-60',
            )}
          />
          <MentionAutocomplete textarea={inputRef} value={text} onChange={setText} group={post.group_id} placement="above" />
        </div>
        <Button type="submit" disabled={sending}>
          {replyTo ? DISCUSSION_TEXTS.reply : DISCUSSION_TEXTS.postComment}
        </Button>
      </div>
      {error ? (
        <p id="post-comment-error" role="alert" className="text-sm text-danger-fg">
          {localizeMessage(error)}
        </p>
      ) : null}
    </form>
  );
}

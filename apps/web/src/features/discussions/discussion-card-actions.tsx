import { Suspense, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Ellipsis, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { DISCUSSION_LIMITS, type Discussion } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-component';
import { focusOnMount } from '@/lib/forms';
import { useDeleteDiscussion, useModeratePost, usePinDiscussion, useUpdateDiscussion } from './api';
import { RemovalActions } from './removal-actions';
import { DiscussionTextarea } from './discussion-textarea';
import { AltBadge } from './alt-badge';
import { LazyImageDescription } from './image-description-lazy';
import { DISCUSSION_TEXTS } from './texts';
import { usePastedImages } from './use-pasted-images';

/**
 * A post card's actions and its edit form (SPEC §4, §6): they load with the card only where the reader may act on the
 * post (signed in, or the server's abilities say so), so a visitor's feed carries none of their code.
 */

const PostMenuImpl = lazyComponent(
  () => import('./post-menu-impl'),
  (m) => m.PostMenuImpl,
);
const ConfirmDialog = lazyComponent(
  () => import('@/components/ui/confirm-dialog'),
  (m) => m.ConfirmDialog,
);

const actionButton =
  'flex size-8 items-center justify-center rounded-lg text-fg-subtle transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

/**
 * The post's menu for a signed-in reader (Mute / Unmute, issue 14 §6). Its code (Radix DropdownMenu) loads on the
 * first press, as the theme menu's does: the press that loads it opens it.
 */
function PostMenu({ post }: { post: Discussion }) {
  const [loaded, setLoaded] = useState(false);
  const button = (onClick?: () => void) => (
    <button
      type="button"
      aria-label={DISCUSSION_TEXTS.postOptions}
      aria-haspopup="menu"
      onClick={onClick}
      onPointerEnter={() => void PostMenuImpl.preload()}
      className={actionButton}
    >
      <Ellipsis className="size-4" aria-hidden />
    </button>
  );
  if (!loaded) return button(() => setLoaded(true));
  return (
    <Suspense fallback={button()}>
      <PostMenuImpl post={post} defaultOpen />
    </Suspense>
  );
}

/**
 * Pin/unpin, edit and delete where the server says the viewer may (SPEC §6), and the post's menu for a signed-in
 * reader; shown on hover or focus (always on touch).
 */
export function DiscussionActions({
  post,
  onEdit,
  editButton,
}: {
  post: Discussion;
  onEdit: () => void;
  editButton: RefObject<HTMLButtonElement | null>;
}) {
  const pin = usePinDiscussion();
  const remove = useDeleteDiscussion();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const signedIn = useSession() !== null;
  const moderate = useModeratePost();
  const removal = post.abilities?.remove || post.abilities?.restore;
  if (!post.canPin && !post.canEdit && !post.canDelete && !removal && !signedIn) return null;
  const pinned = post.is_pinned === 1;
  return (
    <div
      className={cn(
        'flex shrink-0 items-center gap-0.5 transition-opacity',
        'opacity-0 group-focus-within/post:opacity-100 group-hover/post:opacity-100 [@media(hover:none)]:opacity-100',
      )}
    >
      {post.canPin ? (
        <Tooltip content={pinned ? DISCUSSION_TEXTS.unpin : DISCUSSION_TEXTS.pin}>
          <button
            type="button"
            aria-label={pinned ? DISCUSSION_TEXTS.unpin : DISCUSSION_TEXTS.pin}
            disabled={pin.isPending}
            onClick={() => pin.mutate({ post, pin: !pinned })}
            className={actionButton}
          >
            {pinned ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
          </button>
        </Tooltip>
      ) : null}
      {post.canEdit ? (
        <Tooltip content={DISCUSSION_TEXTS.edit}>
          <button ref={editButton} type="button" aria-label={DISCUSSION_TEXTS.edit} onClick={onEdit} className={actionButton}>
            <Pencil className="size-4" aria-hidden />
          </button>
        </Tooltip>
      ) : null}
      {post.canDelete ? (
        <Tooltip content={DISCUSSION_TEXTS.delete}>
          <button
            ref={deleteButton}
            type="button"
            aria-label={DISCUSSION_TEXTS.delete}
            onClick={() => setConfirming(true)}
            className={cn(actionButton, 'hover:bg-danger-soft hover:text-danger-fg')}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </Tooltip>
      ) : null}
      <RemovalActions
        kind="post"
        abilities={post.abilities}
        busy={moderate.isPending}
        buttonClassName={actionButton}
        onRemove={(reason, done) => moderate.mutate({ post, reason }, { onSettled: done })}
        onRestore={() => moderate.mutate({ post, reason: null })}
      />
      {signedIn ? <PostMenu post={post} /> : null}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={setConfirming}
            title={DISCUSSION_TEXTS.confirmDelete}
            confirmLabel={DISCUSSION_TEXTS.deleteConfirm}
            destructive
            busy={remove.isPending}
            returnFocusTo={deleteButton}
            onConfirm={() => remove.mutate({ post }, { onSettled: () => setConfirming(false) })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Edit in place (SPEC §4 "Post editing"): the existing text, then Save or Cancel; Escape cancels too. */
export function DiscussionEditForm({ post, onDone }: { post: Discussion; onDone: () => void }) {
  const [text, setText] = useState(post.discussion_content);
  const original = post.media.map((m) => m.alt ?? '');
  const [alts, setAlts] = useState(original);
  const altsChanged = alts.some((alt, i) => alt !== original[i]);
  const update = useUpdateDiscussion();
  const pasted = usePastedImages(setText);
  const blocked = text.trim() === '' || update.isPending || pasted.pending > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    // Descriptions only when one changed (issue 18 §4): otherwise the SPEC's body.
    update.mutate({ post, content: text, ...(altsChanged ? { mediaAlts: alts } : {}) }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3">
      <label htmlFor={`edit-post-${post.id}`} className="sr-only">
        {DISCUSSION_TEXTS.editorLabel}
      </label>
      <DiscussionTextarea
        id={`edit-post-${post.id}`}
        ref={focusOnMount}
        rows={8}
        value={text}
        onChange={setText}
        onPasteImages={pasted.start}
        maxLength={DISCUSSION_LIMITS.contentMax}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
      />
      {post.media.length > 0 ? (
        <ul aria-label={DISCUSSION_TEXTS.images} className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {post.media.map((item, index) => (
            <li key={item.id} className="relative aspect-square overflow-hidden rounded-lg border border-line bg-surface-muted">
              <img src={item.media_url} alt={alts[index] ?? ''} className="size-full object-cover" />
              <AltBadge alt={alts[index] ?? ''} />
              <Suspense fallback={null}>
                <LazyImageDescription
                  index={index + 1}
                  alt={alts[index] ?? ''}
                  onSave={(alt) => setAlts((all) => all.map((a, i) => (i === index ? alt : a)))}
                />
              </Suspense>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {DISCUSSION_TEXTS.cancel}
        </Button>
        <Button
          type="submit"
          aria-disabled={blocked}
          title={text.trim() === '' ? DISCUSSION_TEXTS.writeFirst : pasted.pending > 0 ? DISCUSSION_TEXTS.waitForUploads : undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {DISCUSSION_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}

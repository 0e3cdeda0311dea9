import { Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MessageCircle, Pin } from 'lucide-react';
import { groupWebPath, REMOVAL_MESSAGES, type Discussion } from '@agora/contract';
import { Picture } from '@/components/ui/picture';
import { useSession } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-component';
import { POST_FORMAT, RichText } from '@/lib/rich-text';
import { RoleName } from '@/features/members/public';
import { useProfilePanel } from '@/features/profiles/public';
import { useLikeDiscussion } from './api';
import { RemovedBanner } from './removal';
import { Collapsible } from './collapsible';
import { CopyLinkButton } from './copy-link';
// The mark itself is a few lines (its history dialog loads on press): a feed with an edited post loads no extra file.
import { EditedMark } from './edit-history';
import { ReportButton } from '@/features/moderation/lazy';
import { LikeButton } from './like-button';
import { DiscussionMediaGrid } from './discussion-media';
import { DISCUSSION_TEXTS } from './texts';
import { Timestamp } from './timestamp';
import { postPanelPath, usePostPanel } from './use-post-panel';
import { formatNumber } from '@/lib/i18n';

// The lightbox loads with its first use: most readers never open an image (Radix dialog stays off
// a visitor's first load).
const Lightbox = lazyComponent(
  () => import('./lightbox'),
  (m) => m.Lightbox,
);
// Pin, edit, delete, removal and the post menu, and the edit form: only for readers who may act on the post.
const DiscussionActions = lazyComponent(
  () => import('./discussion-card-actions'),
  (m) => m.DiscussionActions,
);
const DiscussionEditForm = lazyComponent(
  () => import('./discussion-card-actions'),
  (m) => m.DiscussionEditForm,
);

/** The images a lightbox shows: the post's attached images, or one image of its text. */
type LightboxState = { images: string[]; alts?: string[]; index: number } | null;

/** "Pinned" (SPEC §2). */
export function PinnedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-fg">
      <Pin className="size-3" aria-hidden />
      {DISCUSSION_TEXTS.pinned}
    </span>
  );
}

/** Picture and name (coloured by community role, SPEC §6), both opening the author's profile (SPEC §2). */
export function AuthorLine({ post, showGroup }: { post: Discussion; showGroup?: boolean }) {
  const profile = useProfilePanel();
  const openProfile = () => profile.open(post.userId);
  return (
    <div className="flex min-w-0 items-start gap-3">
      {/* The name button below is the keyboard's way to the profile; the picture is a larger target for the mouse. */}
      <button type="button" tabIndex={-1} aria-hidden onClick={openProfile} className="shrink-0 rounded-full">
        <Picture src={post.profileImage} size="md" />
      </button>
      <div className="min-w-0 flex-1">
        {/* Name and community are each at least 24 px tall (WCAG 2.2 target size): adjacent small links are hard to tap. */}
        <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-[15px]">
          <button
            type="button"
            onClick={openProfile}
            className="min-h-6 min-w-0 max-w-full rounded-md hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <RoleName username={post.username} role={post.role} />
          </button>
          {showGroup ? (
            <span className="flex min-w-0 items-center gap-1.5 text-fg-subtle">
              <span>{DISCUSSION_TEXTS.inCommunity}</span>
              <Link
                to={groupWebPath(post.slug)}
                className="block min-w-0 truncate leading-6 font-semibold text-fg-muted hover:text-fg hover:underline focus-visible:rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {post.group_name}
              </Link>
            </span>
          ) : null}
        </div>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-fg-subtle">
          <Timestamp value={post.date_posted} />
          {(post.edited_at ?? post.date_edited) ? (
            <span className="flex items-center gap-x-2">
              <span aria-hidden>·</span>
              <EditedMark
                editedAt={post.edited_at ?? post.date_edited}
                target={{ kind: 'discussion', groupId: post.group_id, discussionId: post.id }}
                format={POST_FORMAT}
              />
            </span>
          ) : null}
          {post.is_pinned === 1 ? <PinnedBadge /> : null}
        </div>
      </div>
    </div>
  );
}

/** The post's text (collapsed past 700 px) and images, each image opening the lightbox. */
export function DiscussionBody({ post }: { post: Discussion }) {
  const [lightbox, setLightbox] = useState<LightboxState>(null);
  const mediaUrls = post.media.map((m) => m.media_url);
  const mediaAlts = post.media.map((m) => m.alt ?? '');
  return (
    <>
      <Collapsible className="mt-3">
        <RichText text={post.discussion_content} format={POST_FORMAT} onOpenImage={(src) => setLightbox({ images: [src], index: 0 })} />
      </Collapsible>
      {post.media.length > 0 ? (
        <div className="mt-3">
          <DiscussionMediaGrid media={post.media} onOpen={(index) => setLightbox({ images: mediaUrls, alts: mediaAlts, index })} />
        </div>
      ) : null}
      {lightbox ? (
        <Suspense fallback={null}>
          <Lightbox
            images={lightbox.images}
            alts={lightbox.alts}
            index={lightbox.index}
            onIndexChange={(index) => setLightbox((current) => (current && index !== null ? { ...current, index } : null))}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The like toggle of a post (SPEC §4: optimistic, one call at a time, reverted on error). */
export function DiscussionLikeButton({ post }: { post: Discussion }) {
  const like = useLikeDiscussion();
  return (
    <LikeButton
      groupId={post.group_id}
      liked={post.isLiked}
      count={post.likeCount}
      label={DISCUSSION_TEXTS.likePost}
      countLabel={DISCUSSION_TEXTS.likes(post.likeCount)}
      onToggle={() => like.run({ post })}
      canLike={post.abilities?.like}
      refusal={post.removed ? REMOVAL_MESSAGES.noInteraction : undefined}
    />
  );
}

/** Whether the reader may act on the post: only then do the card's actions (and their code) load. */
function mayAct(post: Discussion, signedIn: boolean): boolean {
  return Boolean(signedIn || post.canPin || post.canEdit || post.canDelete || post.abilities?.remove || post.abilities?.restore);
}

/**
 * A post in a feed (SPEC §2 "Post card"): author with role colour and icon, community (in the home and Explore
 * feeds), time by the §9 rules, "Pinned", the rendered text, images, likes, and comments, which open the post panel.
 */
export function DiscussionCard({ post, showGroup = false }: { post: Discussion; showGroup?: boolean }) {
  const panel = usePostPanel();
  const signedIn = useSession() !== null;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Leaving edit mode hands focus back to the Edit button (Save and Cancel are gone by then).
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const openFromBody = (target: EventTarget) => {
    if (target instanceof Element && target.closest('a, button, img, video, iframe, input, textarea, label, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    panel.open(post.group_id, post.id);
  };

  return (
    <article
      aria-label={DISCUSSION_TEXTS.postBy(post.username)}
      data-testid="post-card"
      className="group/post rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <AuthorLine post={post} showGroup={showGroup} />
        {mayAct(post, signedIn) ? (
          <Suspense fallback={null}>
            <DiscussionActions post={post} onEdit={() => setEditing(true)} editButton={editButton} />
          </Suspense>
        ) : null}
      </div>
      <RemovedBanner removed={post.removed} className="mt-3" />
      {editing ? (
        <Suspense fallback={null}>
          <DiscussionEditForm post={post} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        // A click on the text opens the post, as the comment count does (that button is the keyboard's way there);
        // links, images, buttons and a text selection keep their own meaning.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div className="cursor-pointer" onClick={(event) => openFromBody(event.target)}>
          <DiscussionBody post={post} />
        </div>
      )}
      <div className="mt-3 flex items-center gap-1 border-t border-line pt-2">
        <DiscussionLikeButton post={post} />
        <button
          type="button"
          onClick={() => panel.open(post.group_id, post.id)}
          aria-label={`${DISCUSSION_TEXTS.comments(post.commentCount)}, ${DISCUSSION_TEXTS.openPost}`}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <MessageCircle className="size-[18px]" aria-hidden />
          <span className="tabular-nums">{formatNumber(post.commentCount)}</span>
        </button>
        <CopyLinkButton path={postPanelPath(post.group_id, post.id)} className="ml-auto" />
        <ReportButton targetType="discussion" targetId={post.id} groupId={post.group_id} authorId={post.user_id} name={post.username} />
      </div>
    </article>
  );
}

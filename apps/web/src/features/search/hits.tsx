import { Link, useLocation } from 'react-router';
import { Lock } from 'lucide-react';
import {
  blogWebPath,
  groupWebPath,
  type BlogHit,
  type CommentHit,
  type CommunityHit,
  type DiscussionHit,
  type PersonHit,
} from '@agora/contract';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Picture } from '@/components/ui/picture';
import { useSession } from '@/lib/session';
import { useProfilePanel } from '@/features/profiles/public';
import { AuthorLine, COMMENT_PARAM, commentParamValue, POST_PARAM, postParamValue, Timestamp } from '@/features/discussions/public';
import { Highlight, HighlightPassage } from './highlight';
import { SEARCH_TEXTS } from './texts';

/*
 * One hit of each kind (issue 16 §4): what its card shows, with the matched passage. Discussions and comments open
 * the post panel over the results (`?post=` and `&comment=` added to this address), so Back returns to them.
 */

const hitLink =
  'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring hover:underline decoration-fg-subtle';
const card = 'rounded-2xl border border-line bg-surface p-4 shadow-sm';

/** This address with the post panel open on a post (and one of its comments). */
function usePanelLink() {
  const location = useLocation();
  return (groupId: number, discussionId: number, comment?: { id: number; parentCommentId: number | null }) => {
    const params = new URLSearchParams(location.search);
    params.set(POST_PARAM, postParamValue(groupId, discussionId));
    if (comment) params.set(COMMENT_PARAM, commentParamValue(comment));
    else params.delete(COMMENT_PARAM);
    return { pathname: location.pathname, search: `?${params.toString()}` };
  };
}

export function DiscussionHitCard({ hit }: { hit: DiscussionHit }) {
  const panelLink = usePanelLink();
  return (
    <article aria-label={SEARCH_TEXTS.openDiscussion(hit.username)} data-testid="discussion-hit" className={card}>
      <AuthorLine post={hit} showGroup />
      <Link to={panelLink(hit.group_id, hit.id)} preventScrollReset className={`mt-3 block text-[15px] leading-relaxed text-fg ${hitLink}`}>
        {/* The link's name starts with what it does, then the passage it shows (its visible text, WCAG 2.5.3). */}
        <span className="sr-only">{`${SEARCH_TEXTS.openDiscussion(hit.username)}: `}</span>
        <Highlight text={hit.highlight} />
      </Link>
      <p className="mt-2 text-xs text-fg-subtle">
        {SEARCH_TEXTS.likes(hit.likeCount)} · {SEARCH_TEXTS.comments(hit.commentCount)}
      </p>
    </article>
  );
}

export function CommentHitCard({ hit }: { hit: CommentHit }) {
  const panelLink = usePanelLink();
  const profile = useProfilePanel();
  const reply = hit.parentCommentId !== null;
  return (
    <article aria-label={SEARCH_TEXTS.openComment(hit.username, reply)} data-testid="comment-hit" className={`${card} flex gap-3`}>
      <Picture src={hit.profileImage} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
          <button type="button" onClick={() => profile.open(hit.userId)} className={`font-semibold text-fg ${hitLink}`}>
            {hit.username}
          </button>
          <span className="text-fg-subtle">{reply ? SEARCH_TEXTS.replyIn : SEARCH_TEXTS.commentIn}</span>
          <Link to={groupWebPath(hit.slug)} className={`min-w-0 truncate font-semibold text-fg-muted ${hitLink}`}>
            {hit.group_name}
          </Link>
          <Timestamp value={hit.date_posted} className="text-xs text-fg-subtle" />
        </p>
        <Link
          to={panelLink(hit.group_id, hit.discussion_id, hit)}
          preventScrollReset
          className={`mt-1.5 block text-sm leading-relaxed text-fg ${hitLink}`}
        >
          <span className="sr-only">{`${SEARCH_TEXTS.openComment(hit.username, reply)}: `}</span>
          <Highlight text={hit.highlight} />
        </Link>
      </div>
    </article>
  );
}

export function BlogHitCard({ hit }: { hit: BlogHit }) {
  return (
    <article data-testid="blog-hit" className={`${card} flex gap-3`}>
      <FallbackImage src={hit.blog_img ?? hit.group_dp} kind="community" alt="" className="size-14 shrink-0 rounded-xl object-cover" />
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold text-fg">
          <Link to={blogWebPath(hit.slug, hit.id)} className={hitLink}>
            {hit.blog_title}
          </Link>
        </h3>
        <p className="flex flex-wrap gap-x-1.5 text-xs text-fg-subtle">
          <span>{hit.username}</span>
          <span>{SEARCH_TEXTS.blogIn}</span>
          <Link to={groupWebPath(hit.slug)} className={`font-semibold text-fg-muted ${hitLink}`}>
            {hit.group_name}
          </Link>
          <span aria-hidden>·</span>
          <Timestamp value={hit.date_published} />
        </p>
        <HighlightPassage text={hit.highlight} className="mt-1.5" />
      </div>
    </article>
  );
}

export function CommunityHitRow({ hit }: { hit: CommunityHit }) {
  return (
    <div data-testid="community-hit" className="flex items-start gap-3 rounded-xl p-2 hover:bg-surface-muted">
      <FallbackImage src={hit.group_dp} kind="community" alt="" className="size-11 shrink-0 rounded-full bg-surface-strong object-cover" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5">
          <Link to={groupWebPath(hit.slug)} className={`truncate font-semibold text-fg ${hitLink}`}>
            {hit.group_name}
          </Link>
          {hit.is_private ? (
            <Lock className="size-3.5 shrink-0 text-fg-muted" aria-label={SEARCH_TEXTS.privateCommunity} role="img" />
          ) : null}
        </p>
        <p className="text-xs text-fg-muted">{SEARCH_TEXTS.members(hit.member_count)}</p>
        <HighlightPassage text={hit.highlight} className="mt-1" />
      </div>
    </div>
  );
}

export function PersonHitRow({ hit }: { hit: PersonHit }) {
  const session = useSession();
  const profile = useProfilePanel();
  const name = `${hit.firstName} ${hit.lastName}`.trim();
  return (
    <div data-testid="person-hit" className="flex items-center gap-3 rounded-xl p-2 hover:bg-surface-muted">
      <Picture src={hit.profileImage} size="md" />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => profile.open(hit.id === session?.userId ? 'me' : hit.id)}
          className={`block max-w-full truncate text-left text-sm font-semibold text-fg ${hitLink}`}
        >
          <Highlight text={hit.highlight || hit.username} />
        </button>
        <p className="truncate text-xs text-fg-muted">
          {[name, hit.mutual_friends > 0 ? SEARCH_TEXTS.mutualFriends(hit.mutual_friends) : null].filter(Boolean).join(' · ')}
        </p>
      </div>
    </div>
  );
}

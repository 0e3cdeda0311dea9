import { Suspense } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Heart, Share2 } from 'lucide-react';
import { blogPreviewText, blogWebPath, type Blog } from '@agora/contract';
import { Picture } from '@/components/ui/picture';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatTimestamp, isMobileWidth } from '@/lib/time';
import { BLOG_TEXTS } from './texts';
import { useProfilePanel } from '@/features/profiles/public';
import { RemovedBanner } from '@/features/discussions/public';
import { LazyEditedMark } from '@/features/discussions/lazy';
import { ReportButton } from '@/features/moderation/lazy';
import { BLOG_FORMAT } from './blog-content';

/** The card's date (SPEC §9 timestamps: relative today, then "MMM D" or with the year). */
export function cardDate(iso: string, now = new Date()): string {
  const mobile = typeof window !== 'undefined' && isMobileWidth(window.innerWidth);
  return formatTimestamp(iso, now, mobile ? 'mobile' : 'desktop');
}

/**
 * The author's picture with the username tooltip (SPEC §2); a button to their profile, as names are everywhere
 * (issue 12 §2.14), above the card's stretched title link.
 */
function AuthorPicture({ blog }: { blog: Blog }) {
  const profile = useProfilePanel();
  const name = blog.username ?? BLOG_TEXTS.unknownAuthor;
  const picture = <Picture src={blog.profileImage} size="sm" />;
  return (
    <Tooltip content={name}>
      {blog.blog_author !== null && blog.username ? (
        <button
          type="button"
          aria-label={BLOG_TEXTS.authorProfile(name)}
          onClick={() => profile.open(blog.blog_author!)}
          className="relative z-10 inline-flex shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {picture}
        </button>
      ) : (
        <span
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a tooltip trigger must take focus
          tabIndex={0}
          role="img"
          aria-label={name}
          className="relative z-10 inline-flex shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {picture}
        </span>
      )}
    </Tooltip>
  );
}

interface BlogCardProps {
  blog: Blog;
  /** The community's path segment as the address bar has it (slug or id). */
  groupPath?: string;
  /** The home strip mixes communities: name the community on each card. */
  showGroup?: boolean;
  className?: string;
}

/**
 * SPEC §2 blog card: author avatar (tooltip username), date, title, header image or a text preview, like and share
 * counts, and Report for signed-in people other than the author (issue 15 §2). The title is the card's one link; it
 * covers the whole card for pointer users.
 */
export function BlogCard({ blog, groupPath, showGroup, className }: BlogCardProps) {
  const href = blogWebPath(groupPath ?? blog.slug, blog.id);
  const titleId = `blog-card-${blog.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group relative flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow',
        'focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md',
        className,
      )}
    >
      {blog.blog_img ? (
        <FallbackImage
          src={blog.blog_img}
          kind="banner"
          alt=""
          loading="lazy"
          className="aspect-[2/1] w-full bg-surface-muted object-cover"
        />
      ) : (
        <div className="aspect-[2/1] w-full overflow-hidden bg-surface-muted px-4 pt-4">
          <p className="line-clamp-5 text-sm leading-relaxed break-words text-fg-muted">{blogPreviewText(blog.blog_content, 260)}</p>
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        {showGroup ? (
          <p className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-fg-subtle">
            <FallbackImage src={blog.group_dp} kind="community" alt="" className="size-5 shrink-0 rounded-full object-cover" />
            <span className="truncate">{blog.group_name}</span>
            {blog.group_verified ? (
              <BadgeCheck className="size-3.5 shrink-0 text-accent-fg" aria-label={BLOG_TEXTS.verified} role="img" />
            ) : null}
          </p>
        ) : null}
        <h3 id={titleId} className="line-clamp-2 text-base leading-snug font-semibold break-words text-fg">
          <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-accent-fg">
            {blog.blog_title}
          </Link>
        </h3>
        <RemovedBanner removed={blog.removed} className="relative z-10 px-2 py-1 text-xs" />
        <div className="mt-auto flex min-w-0 items-center gap-2 text-sm text-fg-muted">
          <AuthorPicture blog={blog} />
          <time dateTime={blog.date_published} className="min-w-0 truncate">
            {cardDate(blog.date_published)}
          </time>
          {blog.edited_at ? (
            <Suspense fallback={null}>
              {/* Above the card's link overlay, so it opens the history rather than the blog. */}
              <LazyEditedMark
                editedAt={blog.edited_at}
                target={{ kind: 'blog', groupId: blog.group_id, blogId: blog.id }}
                format={BLOG_FORMAT}
                className="relative z-10 shrink-0 text-xs"
              />
            </Suspense>
          ) : null}
          <span className="ml-auto flex shrink-0 items-center gap-3">
            <span className="flex items-center gap-1">
              <Heart className={cn('size-4', blog.is_liked && 'fill-current text-danger-fg')} aria-hidden />
              <span aria-hidden>{blog.likes_count}</span>
              <span className="sr-only">{BLOG_TEXTS.likes(blog.likes_count)}</span>
            </span>
            <span className="flex items-center gap-1">
              <Share2 className="size-4" aria-hidden />
              <span aria-hidden>{blog.share_count}</span>
              <span className="sr-only">{BLOG_TEXTS.shares(blog.share_count)}</span>
            </span>
            {/* Above the card's link overlay; its dialog loads on the first press (issue 15 §2). */}
            <ReportButton
              targetType="blog"
              targetId={blog.id}
              groupId={blog.group_id}
              authorId={blog.blog_author}
              name={blog.username ?? BLOG_TEXTS.unknownAuthor}
              className="relative z-10 -my-1 -mr-2 h-8"
            />
          </span>
        </div>
      </div>
    </article>
  );
}

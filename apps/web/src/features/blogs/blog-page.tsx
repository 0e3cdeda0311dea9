import { useLiveRoom } from '@/lib/live-rooms';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, BadgeCheck, Heart, Pencil, Share2, Trash2 } from 'lucide-react';
import { BLOG_MESSAGES, blogWebPath, canManageBlog, groupWebPath, type Blog, type GroupDetailResponse } from '@agora/contract';
import { PageTitle } from '@/components/page-title';
import { MissingState } from '@/components/missing-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Skeleton } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ReportButton } from '@/features/moderation/lazy';
import { copyText } from '@/lib/copy-text';
import { lazyComponent } from '@/lib/lazy-component';
import { useSession } from '@/lib/session';
import { TOAST_MS } from '@/lib/ui-constants';
import { loginPathFor } from '@/features/auth/public';
import { useProfilePanel } from '@/features/profiles/public';
import { useCanLike, useGroup } from '@/features/groups/api';
import { useBlog, useBlogLike, useDeleteBlog, useModerateBlog, useShareBlog } from './api';
import { RemovalActions, RemovedBanner } from '@/features/discussions/public';
import { BLOG_FORMAT, BlogContent } from './blog-content';
import { LazyEditedMark } from '@/features/discussions/lazy';
import { BLOG_TEXTS } from './texts';
import { formatLongDate } from '@/lib/i18n';
import { toastError, toastSuccess } from '@/lib/toast';

// The editor loads when the owner asks to edit, not with the page.
const BlogEditor = lazyComponent(
  () => import('./blog-editor'),
  (m) => m.BlogEditor,
);

/** SPEC §2/§9: the blog page scrolls this far down when it loads. */
export const BLOG_PAGE_SCROLL_PX = 400;

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** "Published March 5, 2026" in the reader's time zone. */
export function publishedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatLongDate(date);
}

/**
 * `/group/{slug or id}/blogs/blogpage/{blogId}` (SPEC §2): banner and picture linking to the community, title,
 * "Published {date} | By {author}", header image, content, Like (n), Share (n), back button; edit and delete for the
 * community's owner or an admin who wrote it; "Blog Post Not Found" when missing. A private community's blog sends
 * an outsider to the community page (SPEC §4).
 */
export function BlogPage() {
  const { groupId = '', blogId = '' } = useParams();
  const id = ID_PATTERN.test(blogId) ? Number(blogId) : 0;
  const query = useBlog(id);
  // Issue 17 §1: the blog's room while its page is open (its like count, live).
  useLiveRoom(id > 0 ? `blog:${id}` : null);
  const group = useGroup(groupId);
  const communityPath = groupWebPath(encodeURIComponent(groupId));

  if (id === 0) return <BlogNotFound />;
  if (query.isPending) return <BlogSkeleton />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 403) return <Navigate to={communityPath} replace />;
    return <BlogNotFound retry={error instanceof ApiError && error.status === 404 ? undefined : () => void query.refetch()} />;
  }
  const blog = query.data.blog;
  // The blog of another community under this path is not this page's blog.
  if (group.data && group.data.group.id !== blog.group_id) return <BlogNotFound />;
  return <BlogArticle blog={blog} detail={group.data ?? null} communityPath={communityPath} />;
}

const moderateButton =
  'flex size-10 items-center justify-center rounded-lg border border-line text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function BlogArticle({ blog, detail, communityPath }: { blog: Blog; detail: GroupDetailResponse | null; communityPath: string }) {
  const session = useSession();
  const profile = useProfilePanel();
  const navigate = useNavigate();
  const location = useLocation();
  const like = useBlogLike();
  const canLike = useCanLike(blog.group_id);
  const share = useShareBlog();
  const remove = useDeleteBlog(blog.group_id);
  const moderate = useModerateBlog();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  // SPEC §2: the page scrolls 400 px down when it loads (once per blog, not on every refetch). What arrives later
  // (the community's header, pictures, comments) can make the page too short at first, or push the text down: until
  // the reader scrolls, clicks or types, every change of the page's height puts it back at 400 px (or as far as the
  // page goes). The browser's scroll anchoring is off meanwhile, so that it does not move the page on its own.
  useEffect(() => {
    const root = document.documentElement;
    const place = () => {
      if (Math.round(window.scrollY) !== Math.min(BLOG_PAGE_SCROLL_PX, root.scrollHeight - window.innerHeight)) {
        window.scrollTo({ top: BLOG_PAGE_SCROLL_PX });
      }
    };
    place();
    if (typeof ResizeObserver === 'undefined') return;
    const anchor = root.style.overflowAnchor;
    root.style.overflowAnchor = 'none';
    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    const readerActs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    const stop = () => {
      observer.disconnect();
      root.style.overflowAnchor = anchor;
      for (const type of readerActs) window.removeEventListener(type, stop);
    };
    for (const type of readerActs) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [blog.id]);

  const viewer = session && detail ? { id: session.userId, role: detail.role, isOwner: detail.group.owner_id === session.userId } : null;
  const canManage = canManageBlog(viewer, blog.blog_author);
  const group = detail?.group;
  const canGoBack = location.key !== 'default' || window.history.length > 1;

  const onLike = () => {
    if (!session) {
      void navigate(loginPathFor(`${location.pathname}${location.search}`));
      return;
    }
    // Members like (decision 0012 (a)): someone outside the community is told why, and nothing is sent.
    if (!canLike) {
      void toastError(BLOG_MESSAGES.memberToLike);
      return;
    }
    like.run({ groupId: blog.group_id, blogId: blog.id });
  };

  const onShare = async () => {
    const url = `${window.location.origin}${blogWebPath(blog.slug, blog.id)}`;
    try {
      // Copy first, while the click still counts as the user's gesture; the share is counted alongside.
      const copying = copyText(url);
      if (session) share.mutate({ groupId: blog.group_id, blogId: blog.id });
      if (await copying) void toastSuccess(BLOG_TEXTS.linkCopied, { duration: TOAST_MS });
      else void toastError(BLOG_TEXTS.copyFailed);
    } catch {
      void toastError(BLOG_TEXTS.copyError);
    }
  };

  const onDelete = () =>
    remove.mutate(
      { blogId: blog.id },
      {
        onSuccess: (data) => {
          setConfirming(false);
          void toastSuccess(data.message);
          void navigate(`${communityPath}/blogs`, { replace: true });
        },
      },
    );

  return (
    <article aria-labelledby="blog-title" className="mx-auto max-w-3xl space-y-6">
      <PageTitle title={blog.blog_title} />
      <Button variant="ghost" size="sm" onClick={() => void (canGoBack ? navigate(-1) : navigate(`${communityPath}/blogs`))}>
        <ArrowLeft aria-hidden />
        {BLOG_TEXTS.back}
      </Button>

      <header className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
        <Link to={communityPath} tabIndex={-1} aria-hidden className="block aspect-[3/1] max-h-56 w-full bg-surface-strong">
          <FallbackImage src={group?.group_banner} kind="banner" alt="" className="size-full object-cover" />
        </Link>
        <div className="flex items-end gap-3 px-4 pb-4 sm:px-6">
          <Link
            to={communityPath}
            className="-mt-8 flex min-w-0 items-end gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:-mt-10"
          >
            <span className="shrink-0 rounded-full bg-surface p-1 shadow-md">
              <FallbackImage src={blog.group_dp} kind="community" alt="" className="size-16 rounded-full object-cover sm:size-20" />
            </span>
            <span className="mb-1 flex min-w-0 items-center gap-1.5 font-semibold text-fg hover:text-accent-fg">
              <span className="truncate">{blog.group_name}</span>
              {blog.group_verified ? (
                <BadgeCheck className="size-4 shrink-0 text-accent-fg" aria-label={BLOG_TEXTS.verified} role="img" />
              ) : null}
            </span>
          </Link>
        </div>
      </header>

      <div className="space-y-2">
        <h1 id="blog-title" className="text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">
          {blog.blog_title}
        </h1>
        <p className="text-sm text-fg-muted">
          {BLOG_TEXTS.publishedBy(publishedDate(blog.date_published))}
          {blog.blog_author !== null && blog.username ? (
            <button
              type="button"
              onClick={() => profile.open(blog.blog_author!)}
              className="font-medium text-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {blog.username}
            </button>
          ) : (
            BLOG_TEXTS.unknownAuthor
          )}
          {blog.edited_at ? (
            <>
              {' · '}
              <Suspense fallback={null}>
                <LazyEditedMark
                  editedAt={blog.edited_at}
                  target={{ kind: 'blog', groupId: blog.group_id, blogId: blog.id }}
                  format={BLOG_FORMAT}
                />
              </Suspense>
            </>
          ) : null}
        </p>
        <RemovedBanner removed={blog.removed} />
      </div>

      {blog.blog_img ? (
        <img
          src={blog.blog_img}
          alt={BLOG_TEXTS.headerImage(blog.blog_title)}
          // A fixed 2:1 frame: the page keeps its layout while the image loads.
          className="aspect-[2/1] w-full rounded-2xl border border-line bg-surface-muted object-cover"
        />
      ) : null}

      <BlogContent content={blog.blog_content} />

      <div className="flex flex-wrap items-center gap-2 border-t border-line pt-5">
        <Button variant={blog.is_liked ? 'secondary' : 'outline'} aria-pressed={blog.is_liked} onClick={onLike}>
          <Heart aria-hidden className={cn(blog.is_liked && 'fill-current text-danger-fg')} />
          {BLOG_TEXTS.like(blog.likes_count)}
        </Button>
        <Button variant="outline" onClick={() => void onShare()}>
          <Share2 aria-hidden />
          {BLOG_TEXTS.share(blog.share_count)}
        </Button>
        <span className="flex gap-1">
          <RemovalActions
            kind="blog"
            abilities={blog.abilities}
            busy={moderate.isPending}
            buttonClassName={moderateButton}
            onRemove={(reason, done) => moderate.mutate({ groupId: blog.group_id, blogId: blog.id, reason }, { onSettled: done })}
            onRestore={() => moderate.mutate({ groupId: blog.group_id, blogId: blog.id, reason: null })}
          />
        </span>
        {canManage ? (
          <span className="ml-auto flex gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {BLOG_TEXTS.edit}
            </Button>
            <Button ref={deleteButton} variant="outline" className="text-danger-fg" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
              {BLOG_TEXTS.delete}
            </Button>
          </span>
        ) : null}
        <ReportButton
          targetType="blog"
          targetId={blog.id}
          groupId={blog.group_id}
          authorId={blog.blog_author}
          name={blog.username ?? BLOG_TEXTS.unknownAuthor}
          showLabel
          className={cn('h-10 border border-line-strong px-3', !canManage && 'ml-auto')}
        />
      </div>

      {editing ? (
        <Suspense fallback={null}>
          <BlogEditor open={editing} onOpenChange={setEditing} groupId={blog.group_id} blog={blog} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={BLOG_TEXTS.confirmDelete}
        confirmLabel={BLOG_TEXTS.deleteConfirmLabel}
        destructive
        busy={remove.isPending}
        onConfirm={onDelete}
        returnFocusTo={deleteButton}
      />
    </article>
  );
}

/** SPEC §2 "Blog Post Not Found" with Go Back; a failure other than 404 also offers a retry. */
function BlogNotFound({ retry }: { retry?: () => void }) {
  return <MissingState title={BLOG_TEXTS.notFound} hint={BLOG_TEXTS.notFoundHint} goBack={BLOG_TEXTS.goBack} retry={retry} />;
}

function BlogSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label={BLOG_TEXTS.loading} className="mx-auto max-w-3xl space-y-6">
      <Skeleton className="h-8 w-24" />
      <Skeleton className="aspect-[3/1] max-h-56 w-full rounded-2xl" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}

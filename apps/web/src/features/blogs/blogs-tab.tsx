import { Suspense, useState } from 'react';
import { Newspaper, PenSquare } from 'lucide-react';
import { LoadMore } from '@/components/load-more';
import { LoadError, loadFailed } from '@/components/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { useGroupBlogs } from './api';
import { BlogCard } from './blog-card';
import { BLOG_TEXTS } from './texts';

// The editor loads when someone opens it, not with the tab.
const BlogEditor = lazyComponent(
  () => import('./blog-editor'),
  (m) => m.BlogEditor,
);

export interface GroupBlogsProps {
  groupId: number;
  /** The community's path segment as the address bar has it (slug or id), for the cards' links. */
  groupPath: string;
  /** SPEC §6: the owner and the admins get the floating create button. */
  canCreate: boolean;
  /** Members are invited to write the first post (SPEC §2). */
  isMember: boolean;
}

/**
 * `/group/{x}/blogs` (SPEC §2): the community's blog cards, newest first, more as you scroll; "No blog posts yet"
 * (plus "Be the first to post!" for members); a floating create button for the owner and admins. A failed load
 * says so with "Try again" (issue 12 §2.4).
 */
export function GroupBlogs({ groupId, groupPath, canCreate, isMember }: GroupBlogsProps) {
  const blogs = useGroupBlogs(groupId);
  const [editing, setEditing] = useState(false);
  const list = blogs.data?.pages.flatMap((p) => p.posts) ?? [];

  return (
    // Room below the last card for the floating button.
    <section aria-labelledby="blogs-heading" className={cn('space-y-5', canCreate && 'pb-20')}>
      <h2 id="blogs-heading" className="sr-only">
        {BLOG_TEXTS.blogsHeading}
      </h2>
      {blogs.isPending ? (
        <ul aria-hidden className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="overflow-hidden rounded-2xl border border-line bg-surface">
              <Skeleton className="aspect-[2/1] w-full rounded-none" />
              <div className="space-y-3 p-4">
                <Skeleton className="h-5 w-4/5" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            </li>
          ))}
        </ul>
      ) : loadFailed(blogs) ? (
        <LoadError message={BLOG_TEXTS.listLoadFailed} onRetry={() => blogs.refetch()} retrying={blogs.isFetching} />
      ) : list.length === 0 ? (
        <EmptyState icon={Newspaper} title={BLOG_TEXTS.noBlogs} description={isMember ? BLOG_TEXTS.beFirst : undefined} />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((blog) => (
              <li key={blog.id} className="flex">
                <BlogCard blog={blog} groupPath={groupPath} className="w-full" />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(blogs.hasNextPage)} loading={blogs.isFetchingNextPage} onLoadMore={() => void blogs.fetchNextPage()} />
        </>
      )}
      {canCreate ? (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className={cn(
            'fixed right-5 bottom-5 z-30 inline-flex h-14 items-center gap-2 rounded-full bg-brand-600 px-5 font-semibold text-white shadow-panel',
            'hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            // Beside the signed-in side panel (app-layout's right padding), never over it.
            'md:right-[calc(18rem+1.5rem)] xl:right-[calc(20rem+1.5rem)]',
          )}
        >
          <PenSquare className="size-5" aria-hidden />
          {BLOG_TEXTS.createBlog}
        </button>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <BlogEditor open={editing} onOpenChange={setEditing} groupId={groupId} />
        </Suspense>
      ) : null}
    </section>
  );
}

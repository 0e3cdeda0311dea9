import { Suspense } from 'react';
import { Skeleton } from '@/components/ui/spinner';
import { lazyComponent } from '@/lib/lazy-component';
import type { GroupBlogsProps } from './blogs-tab';

/**
 * What other features may use from blogs besides its hooks (api.ts): the community's Blogs tab and the home feed's
 * strip, each loaded with its own code when it first shows (the home page stays light), with a placeholder meanwhile.
 */

const LazyGroupBlogs = lazyComponent(
  () => import('./blogs-tab'),
  (m) => m.GroupBlogs,
);
const LazyBlogStrip = lazyComponent(
  () => import('./blog-strip'),
  (m) => m.BlogStrip,
);

function Placeholder() {
  return <Skeleton className="h-64 w-full rounded-2xl" />;
}

export function GroupBlogs(props: GroupBlogsProps) {
  return (
    <Suspense fallback={<Placeholder />}>
      <LazyGroupBlogs {...props} />
    </Suspense>
  );
}

export function BlogStrip() {
  return (
    <Suspense fallback={<Placeholder />}>
      <LazyBlogStrip />
    </Suspense>
  );
}

import { Suspense } from 'react';
import { Skeleton } from '@/components/ui/spinner';
import { lazyComponent } from '@/lib/lazy-component';

/**
 * What other features may use from blogs besides its hooks (api.ts): the home feed's strip, loaded with its own
 * code when it first shows (the home page stays light), with a placeholder meanwhile. The community's Blogs tab
 * (group-tab.tsx) is a route of its own, composed by app/group-routes.tsx.
 */

const LazyBlogStrip = lazyComponent(
  () => import('./blog-strip'),
  (m) => m.BlogStrip,
);

function Placeholder() {
  return <Skeleton className="h-64 w-full rounded-2xl" />;
}

export function BlogStrip() {
  return (
    <Suspense fallback={<Placeholder />}>
      <LazyBlogStrip />
    </Suspense>
  );
}

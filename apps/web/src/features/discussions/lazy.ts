import { lazyComponent } from '@/lib/lazy-component';

/**
 * Discussions components for pages where they are not the first thing seen (Explore below its banner): their code
 * (post cards, the renderer) loads when they first render, and never the composer or the post dialogs, so the
 * importing page's preloaded chunks stay small (docs/decisions/0049-explore-s-discussions-load-below-the-fold.md). Render inside <Suspense>.
 */
export const LazyDiscussionFeed = lazyComponent(
  () => import('./discussion-feed'),
  (m) => m.DiscussionFeed,
);

/**
 * The "edited" mark and its history dialog (issue 15 §1) for blogs' cards and page: loaded only where something was
 * edited, so a page of blogs does not load the discussions code. Render inside <Suspense>.
 */
export const LazyEditedMark = lazyComponent(
  () => import('./edit-history'),
  (m) => m.EditedMark,
);

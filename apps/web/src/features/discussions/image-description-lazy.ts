import { lazyComponent } from '@/lib/lazy-component';

/**
 * The image description dialog (issue 18 §4), fetched when the first attached image shows it: the post editor is
 * bundled with the feed, which a visitor's first load carries, and the dialog is for authors only.
 */
export const LazyImageDescription = lazyComponent(
  () => import('./image-description'),
  (module) => module.ImageDescription,
);

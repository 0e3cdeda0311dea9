import type { DiscussionMedia } from '@agora/contract';
import { cn } from '@/lib/cn';
import { DISCUSSION_TEXTS } from './texts';

/** At most this many tiles; from the sixth image on, the last tile reads "+N" and the lightbox shows them all. */
export const MAX_TILES = 5;

/** Grid cells per image count (SPEC §9 "Image layout in a post varies with the image count"). */
export function tileLayout(count: number): { grid: string; tiles: string[] } {
  switch (Math.min(count, MAX_TILES)) {
    case 0:
      return { grid: '', tiles: [] };
    case 1:
      return { grid: 'grid-cols-1', tiles: ['max-h-[560px] min-h-40'] };
    case 2:
      return { grid: 'grid-cols-2', tiles: ['aspect-square', 'aspect-square'] };
    case 3:
      // One tall picture on the left, two stacked on the right.
      return { grid: 'aspect-[4/3] grid-cols-2 grid-rows-2', tiles: ['row-span-2', '', ''] };
    case 4:
      return { grid: 'grid-cols-2', tiles: ['aspect-[4/3]', 'aspect-[4/3]', 'aspect-[4/3]', 'aspect-[4/3]'] };
    default:
      // Two on top, three below.
      return {
        grid: 'grid-cols-6',
        tiles: [
          'col-span-3 aspect-[4/3]',
          'col-span-3 aspect-[4/3]',
          'col-span-2 aspect-square',
          'col-span-2 aspect-square',
          'col-span-2 aspect-square',
        ],
      };
  }
}

/** A post's attached images, laid out by count; each tile opens the lightbox at its image. */
export function DiscussionMediaGrid({ media, onOpen }: { media: readonly DiscussionMedia[]; onOpen: (index: number) => void }) {
  if (media.length === 0) return null;
  const layout = tileLayout(media.length);
  const hidden = media.length - MAX_TILES;
  return (
    <div data-testid="post-media" data-count={media.length} className={cn('grid gap-1 overflow-hidden rounded-xl', layout.grid)}>
      {media.slice(0, MAX_TILES).map((item, index) => {
        const more = index === MAX_TILES - 1 && hidden > 0;
        return (
          <button
            key={item.id}
            type="button"
            onClick={() => onOpen(index)}
            aria-label={DISCUSSION_TEXTS.openImage(index + 1, media.length)}
            className={cn(
              'relative min-h-0 overflow-hidden bg-surface-muted focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
              layout.tiles[index],
            )}
          >
            <img
              src={item.media_url}
              alt={item.alt ?? ''}
              loading="lazy"
              decoding="async"
              className={cn('size-full', media.length === 1 ? 'max-h-[560px] object-contain' : 'object-cover')}
            />
            {more ? (
              <span aria-hidden className="absolute inset-0 flex items-center justify-center bg-overlay/60 text-3xl font-bold text-white">
                {DISCUSSION_TEXTS.moreImages(hidden)}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

import { Dialog as RadixDialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useReturnFocus } from '@/components/ui/return-focus';
import { DISCUSSION_TEXTS } from './texts';

interface LightboxProps {
  images: readonly string[];
  /** The images' descriptions (alt text), by index; an image without one is announced as "Image i of n". */
  alts?: readonly string[];
  /** The image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

const roundButton =
  'flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * Full-screen images (SPEC §2 "an image lightbox"): left and right arrows (keys and buttons) move between them,
 * Escape or Close ends it, and focus returns to the tile that opened it.
 */
export function Lightbox({ images, alts, index, onIndexChange }: LightboxProps) {
  const returnFocus = useReturnFocus();
  const open = index !== null && images.length > 0;
  const current = open ? Math.min(index, images.length - 1) : 0;
  const many = images.length > 1;
  const go = (delta: number) => onIndexChange((current + delta + images.length) % images.length);

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onIndexChange(null))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-overlay/90 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          onKeyDown={(event) => {
            if (!many) return;
            if (event.key === 'ArrowLeft') go(-1);
            else if (event.key === 'ArrowRight') go(1);
            else return;
            event.preventDefault();
          }}
          className="fixed inset-0 z-50 flex flex-col text-white focus-visible:outline-none"
        >
          <div className="flex items-center justify-between gap-3 p-3 sm:p-4">
            <RadixDialog.Title className="text-sm font-medium text-white tabular-nums">
              {DISCUSSION_TEXTS.imageOf(current + 1, images.length)}
            </RadixDialog.Title>
            <RadixDialog.Close aria-label={DISCUSSION_TEXTS.closeImage} className={roundButton}>
              <X className="size-6" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6 sm:px-16">
            {open ? (
              <img
                key={images[current]}
                src={images[current]}
                alt={alts?.[current] || DISCUSSION_TEXTS.imageOf(current + 1, images.length)}
                referrerPolicy="no-referrer"
                className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
              />
            ) : null}
            {many ? (
              <>
                <button
                  type="button"
                  aria-label={DISCUSSION_TEXTS.previousImage}
                  onClick={() => go(-1)}
                  className={`${roundButton} absolute left-2 sm:left-4`}
                >
                  <ChevronLeft className="size-6" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label={DISCUSSION_TEXTS.nextImage}
                  onClick={() => go(1)}
                  className={`${roundButton} absolute right-2 sm:right-4`}
                >
                  <ChevronRight className="size-6" aria-hidden />
                </button>
              </>
            ) : null}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

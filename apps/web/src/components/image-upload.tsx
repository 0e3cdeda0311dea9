import { forwardRef, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The two pieces of the one crop-and-upload flow (lib/use-cropped-upload.ts) that every image slot shows: the
 * button that picks a file and the progress over the image while it uploads (community header, profile panel).
 */

/** "Uploading n%" with a bar, over the image being replaced (round for a profile or community picture). */
export function UploadOverlay({ percent, round }: { percent: number; round?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-overlay/55 text-white', round && 'rounded-full')}
    >
      <span className="text-sm font-semibold tabular-nums">Uploading {percent}%</span>
      <span className="h-1 w-3/5 max-w-40 overflow-hidden rounded-full bg-white/30">
        <span className="block h-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

interface ImagePickerProps {
  label: string;
  /** The hidden file input's name. */
  name?: string;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
  className: string;
  children: ReactNode;
}

/**
 * A button that opens the file picker for one image (the hidden input keeps the native picker and its accept
 * filter). While an image is being cropped or uploaded it is aria-disabled rather than disabled: it keeps focus
 * (the crop dialog hands focus back to it, and it is where the user is after the upload) and ignores clicks.
 */
export const ImagePicker = forwardRef<HTMLButtonElement, ImagePickerProps>(function ImagePicker(
  { label, name, disabled, onFile, className, children },
  ref,
) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        ref={ref}
        type="button"
        aria-label={label}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) input.current?.click();
        }}
        className={cn(className, disabled && 'cursor-progress')}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        name={name}
        tabIndex={-1}
        aria-hidden
        className="hidden"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
});

import { forwardRef, useRef, type ReactNode, type Ref } from 'react';
import { Camera } from 'lucide-react';
import { FallbackImage } from '@/components/ui/fallback-image';
import { cn } from '@/lib/cn';
import type { CropKind } from '@/lib/crop-image';
import { COMMON_TEXTS } from '@/lib/texts';

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
      <span className="text-sm font-semibold tabular-nums">{COMMON_TEXTS.uploadingPercent(percent)}</span>
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

/** What an image slot needs of `useCroppedUpload` (lib/use-cropped-upload.ts). */
export interface SlotUploads<K extends CropKind> {
  busy: boolean;
  percentFor: (kind: K) => number | null;
  choose: (kind: K, file: File | undefined) => void;
}

interface SlotProps<K extends CropKind> {
  src: string | null | undefined;
  /** The owner of the image may change it: the image is a picker, with the upload's progress over it. */
  editable: boolean;
  uploads: SlotUploads<K>;
  /** The hidden file input's name. */
  name?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  /** The slot's size and place. */
  className?: string;
}

/** A 3:1 banner; its owner picks a new one with the "Change banner" badge. `children` sit over it (panel buttons). */
export function BannerSlot<K extends CropKind>({
  src,
  editable,
  uploads,
  name,
  buttonRef,
  className,
  children,
}: SlotProps<K> & { children?: ReactNode }) {
  const progress = uploads.percentFor('banner' as K);
  const image = <FallbackImage src={src} kind="banner" alt="" className="size-full object-cover" />;
  return (
    <div className={cn('relative aspect-[3/1] w-full bg-surface-strong', className)}>
      {editable ? (
        <ImagePicker
          ref={buttonRef}
          label={COMMON_TEXTS.changeBanner}
          name={name}
          disabled={uploads.busy}
          onFile={(file) => uploads.choose('banner' as K, file)}
          className="group relative block size-full overflow-hidden focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring"
        >
          {image}
          <span className="absolute right-3 bottom-3 flex items-center gap-1.5 rounded-full bg-overlay/55 px-3 py-1.5 text-xs font-medium text-white opacity-90 backdrop-blur-sm transition-opacity group-hover:opacity-100">
            <Camera className="size-4" aria-hidden />
            <span className="hidden sm:inline">{COMMON_TEXTS.changeBanner}</span>
          </span>
        </ImagePicker>
      ) : (
        <div className="size-full overflow-hidden">{image}</div>
      )}
      {progress !== null ? <UploadOverlay percent={progress} /> : null}
      {children}
    </div>
  );
}

/** A round picture (a person's or a community's); its owner picks a new one by clicking it. */
export function PictureSlot<K extends CropKind>({
  src,
  kind,
  alt,
  label,
  editable,
  uploads,
  name,
  buttonRef,
  className,
}: SlotProps<K> & { kind: 'avatar' | 'community'; alt: string; label: string }) {
  const progress = uploads.percentFor('photo' as K);
  const image = <FallbackImage src={src} kind={kind} alt={alt} className="size-full rounded-full object-cover" />;
  return (
    <div className={cn('relative shrink-0 rounded-full bg-surface p-1 shadow-md', className)}>
      {editable ? (
        <ImagePicker
          ref={buttonRef}
          label={label}
          name={name}
          disabled={uploads.busy}
          onFile={(file) => uploads.choose('photo' as K, file)}
          className="group relative block size-full rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {image}
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-overlay/0 text-white opacity-0 transition group-hover:bg-overlay/40 group-hover:opacity-100 group-focus-visible:bg-overlay/40 group-focus-visible:opacity-100">
            <Camera className="size-6" aria-hidden />
          </span>
        </ImagePicker>
      ) : (
        image
      )}
      {progress !== null ? (
        <div className="absolute inset-1">
          <UploadOverlay percent={progress} round />
        </div>
      ) : null}
    </div>
  );
}

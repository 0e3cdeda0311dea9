import { useCallback, useEffect, useRef, useState } from 'react';
import { useUploadProfileImage, type ProfileImageKind } from './api';
import { toastError, toastSuccess } from '@/lib/toast';

export const UPLOAD_TEXTS = {
  notAnImage: 'Please choose an image file',
  photoDone: 'Profile photo updated',
  bannerDone: 'Banner updated',
} as const;

interface Pending {
  kind: ProfileImageKind;
  source: string;
}

/**
 * Choose file → crop → upload with progress → save profile. One upload at a time: a pick while one is cropping
 * or uploading is ignored (SPEC §4).
 */
export function useProfileImageUpload() {
  const upload = useUploadProfileImage();
  const [pending, setPending] = useState<Pending | null>(null);
  const [progress, setProgress] = useState<{ kind: ProfileImageKind; percent: number } | null>(null);
  // Set synchronously on pick, so a second pick in the same tick is ignored before state updates land.
  const inFlight = useRef(false);

  useEffect(
    () => () => {
      if (pending) URL.revokeObjectURL(pending.source);
    },
    [pending],
  );

  const choose = useCallback((kind: ProfileImageKind, file: File | undefined) => {
    if (!file || inFlight.current) return;
    if (!file.type.startsWith('image/')) {
      void toastError(UPLOAD_TEXTS.notAnImage);
      return;
    }
    inFlight.current = true;
    setPending({ kind, source: URL.createObjectURL(file) });
  }, []);

  const cancel = useCallback(() => {
    inFlight.current = false;
    setPending(null);
  }, []);

  const cropped = useCallback(
    (image: Blob) => {
      if (!pending) return;
      const { kind } = pending;
      setPending(null);
      setProgress({ kind, percent: 0 });
      upload.mutate(
        { kind, image, onProgress: (percent) => setProgress({ kind, percent }) },
        {
          // A failure reaches the user through the MutationCache (meta.errorMessage in api.ts).
          onSuccess: () => void toastSuccess(kind === 'photo' ? UPLOAD_TEXTS.photoDone : UPLOAD_TEXTS.bannerDone),
          onSettled: () => {
            inFlight.current = false;
            setProgress(null);
          },
        },
      );
    },
    [pending, upload],
  );

  /** Cropping or uploading: the pickers are disabled until it ends. */
  const busy = pending !== null || progress !== null;
  /** The upload percentage for one slot, or null when that slot is not uploading. */
  const percentFor = (kind: ProfileImageKind) => (progress?.kind === kind ? progress.percent : null);
  return { pending, busy, percentFor, choose, cancel, cropped };
}

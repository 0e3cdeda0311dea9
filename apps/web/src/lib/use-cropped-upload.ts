import { useCallback, useEffect, useRef, useState } from 'react';
import type { CropKind } from './crop-image';
import { COMMON_TEXTS } from './texts';
import { toastError } from '@/lib/toast';

export const CROPPED_UPLOAD_TEXTS = {
  get notAnImage() {
    return COMMON_TEXTS.notAnImage;
  },
};

interface Pending<K> {
  kind: K;
  source: string;
}

/**
 * Choose a file → crop dialog → upload with a percentage (SPEC §4 "Image upload"). One upload at a time: a pick
 * while one is cropping or uploading is ignored. `upload` sends the cropped JPEG and resolves when saved; its
 * failure is reported by the mutation that runs it (the MutationCache), so it is only swallowed here.
 */
export function useCroppedUpload<K extends CropKind>(
  upload: (kind: K, image: Blob, onProgress: (percent: number) => void) => Promise<unknown>,
  onDone?: (kind: K) => void,
) {
  const [pending, setPending] = useState<Pending<K> | null>(null);
  const [progress, setProgress] = useState<{ kind: K; percent: number } | null>(null);
  // Set synchronously on pick, so a second pick in the same tick is ignored before state updates land.
  const inFlight = useRef(false);

  useEffect(
    () => () => {
      if (pending) URL.revokeObjectURL(pending.source);
    },
    [pending],
  );

  const choose = useCallback((kind: K, file: File | undefined) => {
    if (!file || inFlight.current) return;
    if (!file.type.startsWith('image/')) {
      void toastError(CROPPED_UPLOAD_TEXTS.notAnImage);
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
    async (image: Blob) => {
      if (!pending) return;
      const { kind } = pending;
      setPending(null);
      setProgress({ kind, percent: 0 });
      try {
        await upload(kind, image, (percent) => setProgress({ kind, percent }));
        onDone?.(kind);
      } catch {
        // Reported by the mutation's error path.
      } finally {
        inFlight.current = false;
        setProgress(null);
      }
    },
    [pending, upload, onDone],
  );

  /** Cropping or uploading: the pickers are disabled until it ends. */
  const busy = pending !== null || progress !== null;
  /** The upload percentage for one slot, or null when that slot is not uploading. */
  const percentFor = (kind: K) => (progress?.kind === kind ? progress.percent : null);
  return { pending, busy, percentFor, choose, cancel, cropped };
}

import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { toastError } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { uploadPostImage } from './api';
import { DISCUSSION_TEXTS } from './texts';

function filenameFor(blob: Blob): string {
  const sub = blob.type.split('/')[1] ?? 'png';
  return `pasted-image.${sub === 'jpeg' ? 'jpg' : sub.replace(/[^a-z0-9]/gi, '') || 'png'}`;
}

/**
 * Pasted images (SPEC §5): each is uploaded at once and a placeholder marks its place in the text; when the upload
 * is stored the placeholder becomes `[url]`, when it fails the placeholder goes and the server's message shows.
 * `pending` counts the uploads still running (no posting meanwhile).
 */
export function usePastedImages(setText: Dispatch<SetStateAction<string>>) {
  const [pending, setPending] = useState(0);
  const counter = useRef(0);
  const controllers = useRef(new Set<AbortController>());

  const start = useCallback(
    (images: Blob[]): string[] =>
      images.map((blob) => {
        counter.current += 1;
        const placeholder = `[Uploading image ${counter.current}...]`;
        const controller = new AbortController();
        controllers.current.add(controller);
        setPending((n) => n + 1);
        uploadPostImage(blob, filenameFor(blob), { signal: controller.signal })
          .then(({ url }) => setText((text) => text.replace(placeholder, `[${url}]`)))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            setText((text) => text.replace(placeholder, ''));
            void toastError(errorMessage(error, DISCUSSION_TEXTS.uploadFailed));
          })
          .finally(() => {
            controllers.current.delete(controller);
            if (!controller.signal.aborted) setPending((n) => Math.max(0, n - 1));
          });
        return placeholder;
      }),
    [setText],
  );

  const reset = useCallback(() => {
    for (const controller of controllers.current) controller.abort();
    controllers.current.clear();
    setPending(0);
  }, []);

  useEffect(() => reset, [reset]);

  return { start, pending, reset };
}

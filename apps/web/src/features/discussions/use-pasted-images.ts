import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { toastError } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { uploadPostImage } from './api';
import { removeTextImage } from './editing';
import { DISCUSSION_TEXTS } from './texts';

function filenameFor(blob: Blob): string {
  const sub = blob.type.split('/')[1] ?? 'png';
  return `pasted-image.${sub === 'jpeg' ? 'jpg' : sub.replace(/[^a-z0-9]/gi, '') || 'png'}`;
}

/**
 * Pasted images (SPEC §5): each is uploaded at once and a placeholder marks its place in the text; when the upload
 * is stored the placeholder becomes `[url]`, when it fails the placeholder goes and the server's message shows.
 * `pending` counts the uploads still running (no posting meanwhile). `previews` holds a local picture of each
 * pasted image under the token the text has for it (placeholder, then `[url]`), for the composer's thumbnails;
 * `remove` takes an image out of the text (and stops its upload).
 */
export function usePastedImages(setText: Dispatch<SetStateAction<string>>) {
  const [pending, setPending] = useState(0);
  const [previews, setPreviews] = useState<Readonly<Record<string, string>>>({});
  const counter = useRef(0);
  const controllers = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());

  const start = useCallback(
    (images: Blob[]): string[] =>
      images.map((blob) => {
        counter.current += 1;
        const placeholder = `[Uploading image ${counter.current}...]`;
        const controller = new AbortController();
        controllers.current.set(placeholder, controller);
        const preview = URL.createObjectURL(blob);
        objectUrls.current.add(preview);
        setPreviews((all) => ({ ...all, [placeholder]: preview }));
        setPending((n) => n + 1);
        uploadPostImage(blob, filenameFor(blob), { signal: controller.signal })
          .then(({ url }) => {
            setText((text) => text.replace(placeholder, `[${url}]`));
            setPreviews(({ [placeholder]: moved, ...rest }) => (moved ? { ...rest, [`[${url}]`]: moved } : rest));
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            setText((text) => removeTextImage(text, placeholder));
            void toastError(errorMessage(error, DISCUSSION_TEXTS.uploadFailed));
          })
          .finally(() => {
            controllers.current.delete(placeholder);
            if (!controller.signal.aborted) setPending((n) => Math.max(0, n - 1));
          });
        return placeholder;
      }),
    [setText],
  );

  /** Takes one image (its token as the text has it) out of the text; an upload still running is stopped. */
  const remove = useCallback(
    (token: string) => {
      const controller = controllers.current.get(token);
      if (controller) {
        controller.abort();
        controllers.current.delete(token);
        setPending((n) => Math.max(0, n - 1));
      }
      setText((text) => removeTextImage(text, token));
    },
    [setText],
  );

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    for (const url of objectUrls.current) URL.revokeObjectURL(url);
    objectUrls.current.clear();
    setPreviews({});
    setPending(0);
  }, []);

  useEffect(() => reset, [reset]);

  return { start, pending, previews, remove, reset };
}

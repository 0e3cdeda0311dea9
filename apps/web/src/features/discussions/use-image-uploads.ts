import { useCallback, useEffect, useRef, useState } from 'react';
import { DISCUSSION_LIMITS } from '@agora/contract';
import { errorMessage } from '@/lib/api-client';
import { uploadPostImage } from './api';
import { DISCUSSION_TEXTS } from './texts';

/** One image on its way to POST /upload/image, or there. */
export interface ImageUpload {
  key: number;
  /** A local object URL for the preview (revoked when the image is removed or the editor closes). */
  preview: string;
  progress: number;
  /** The stored path once uploaded. */
  url: string | null;
  error: string | null;
  /** Its description (alt text, issue 18 §4); '' until the person writes one. */
  alt: string;
}

function extensionOf(type: string): string {
  const sub = type.split('/')[1] ?? 'png';
  return sub === 'jpeg' ? 'jpg' : sub.replace(/[^a-z0-9]/gi, '') || 'png';
}

/**
 * Images chosen for a post: each uploads at once with its own progress; `uploading` is true until every one is
 * stored or failed (SPEC §5: no posting while an upload runs). At most 10 (the server's `mediaUrls` limit).
 * Removing an image, or closing the editor, aborts its upload and frees its preview.
 */
export function useImageUploads() {
  const [uploads, setUploads] = useState<ImageUpload[]>([]);
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  const previews = useRef(new Map<number, string>());
  /** Images in the editor (uploading, stored or failed): the limit counts them all until removed. */
  const total = useRef(0);

  const patch = (key: number, change: Partial<ImageUpload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /** Starts uploading the files that fit; returns how many were refused (not images, or beyond the limit). */
  const add = useCallback((files: readonly File[]): { refusedType: number; refusedCount: number } => {
    const images = files.filter((f) => f.type.startsWith('image/'));
    const accepted = images.slice(0, Math.max(0, DISCUSSION_LIMITS.mediaMax - total.current));
    total.current += accepted.length;
    for (const file of accepted) {
      const key = nextKey.current++;
      const controller = new AbortController();
      const preview = URL.createObjectURL(file);
      controllers.current.set(key, controller);
      previews.current.set(key, preview);
      setUploads((all) => [...all, { key, preview, progress: 0, url: null, error: null, alt: '' }]);
      uploadPostImage(file, file.name || `image.${extensionOf(file.type)}`, {
        signal: controller.signal,
        onProgress: (progress) => patch(key, { progress }),
      })
        .then(({ url }) => patch(key, { url, progress: 100 }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(key, { error: errorMessage(error, DISCUSSION_TEXTS.uploadFailed) });
        })
        .finally(() => controllers.current.delete(key));
    }
    return { refusedType: files.length - images.length, refusedCount: images.length - accepted.length };
  }, []);

  const remove = useCallback((key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const preview = previews.current.get(key);
    if (preview) URL.revokeObjectURL(preview);
    if (previews.current.delete(key)) total.current -= 1;
    setUploads((all) => all.filter((u) => u.key !== key));
  }, []);

  const setAlt = useCallback((key: number, alt: string) => patch(key, { alt }), []);

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    for (const preview of previews.current.values()) URL.revokeObjectURL(preview);
    controllers.current.clear();
    previews.current.clear();
    total.current = 0;
    setUploads([]);
  }, []);

  useEffect(() => reset, [reset]);

  return {
    uploads,
    add,
    remove,
    reset,
    setAlt,
    uploading: uploads.some((u) => u.url === null && u.error === null),
    urls: uploads.flatMap((u) => (u.url ? [u.url] : [])),
    /** The descriptions, parallel to `urls`. */
    alts: uploads.flatMap((u) => (u.url ? [u.alt] : [])),
  };
}

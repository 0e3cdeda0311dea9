/**
 * sonner (toasts) stays off the first load: a visitor's landing page never toasts, and the library is a tenth of
 * the page's JavaScript. It loads on the first toast requested through here, or with the first page that
 * imports it directly; the toaster mounts on the first interaction (see app/toaster.tsx) and replays toasts
 * created before it subscribed.
 */
import type { toast } from 'sonner';
import { localizeMessage } from './i18n';

type Sonner = { toast: typeof toast };

let sonner: Promise<Sonner> | undefined;
const waiting = new Set<() => void>();

/** Loads sonner once and tells the toaster to mount. */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const mount of waiting) mount();
    waiting.clear();
  }
  return sonner;
}

/** Calls `mount` once toasts are wanted (at once if they already are); returns an unsubscribe. */
export function whenToastsWanted(mount: () => void): () => void {
  if (sonner) {
    mount();
    return () => {};
  }
  waiting.add(mount);
  return () => waiting.delete(mount);
}

/** Shows an error toast; resolves once it is shown. */
export async function toastError(message: string): Promise<void> {
  (await loadToasts()).toast.error(localizeMessage(message));
}

/** Shows a success toast; resolves once it is shown. */
export async function toastSuccess(message: string): Promise<void> {
  (await loadToasts()).toast.success(localizeMessage(message));
}

/**
 * sonner (toasts) stays off the first load: a visitor's landing page never toasts, and the library is a tenth of
 * the page's JavaScript. It loads on the first toast requested through here, or with the first page that
 * imports it directly; the toaster mounts on the first interaction (see app/toaster.tsx) and replays toasts
 * created before it subscribed.
 */
import type * as SonnerModule from 'sonner';
import { localizeMessage } from './i18n';

type Sonner = typeof SonnerModule;

/** What a toast may say besides its message: how long it stays (SPEC §9's 3 seconds unless a page says otherwise). */
export interface ToastOptions {
  duration?: number;
  /** A second, smaller line under the message (a failed action's request reference). */
  description?: string;
}

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

/**
 * Shows an error toast; resolves once it is shown. The one way the app toasts (docs/ARCHITECTURE.md): a failed
 * query renders inline (components/load-error.tsx), a failed action or a finished one toasts through here.
 */
export async function toastError(message: string, options?: ToastOptions): Promise<void> {
  const { toast } = await loadToasts();
  // Without options sonner is called with the message alone (as its own tests and ours spy on it).
  if (options) toast.error(localizeMessage(message), options);
  else toast.error(localizeMessage(message));
}

/** Shows a success toast; resolves once it is shown. */
export async function toastSuccess(message: string, options?: ToastOptions): Promise<void> {
  const { toast } = await loadToasts();
  if (options) toast.success(localizeMessage(message), options);
  else toast.success(localizeMessage(message));
}

/** Clears every toast (tests run one after another in the same module state). */
export async function dismissToasts(): Promise<void> {
  (await loadToasts()).toast.dismiss();
}

/** sonner's toaster component, loaded with sonner itself (app/toaster.tsx mounts it). */
export async function loadToaster(): Promise<Sonner['Toaster']> {
  return (await loadToasts()).Toaster;
}

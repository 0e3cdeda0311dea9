import { Toaster } from 'sonner';
import { LIMITS } from '@agora/contract';

/** Toasts last 3 seconds (SPEC §9). */
export function AppToaster() {
  return <Toaster position="bottom-center" duration={LIMITS.toastMs} richColors closeButton toastOptions={{ className: 'font-sans' }} />;
}

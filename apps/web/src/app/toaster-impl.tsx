import { lazy } from 'react';
import { loadToaster } from '@/lib/toast';
import { TOAST_MS } from '@/lib/ui-constants';
import type { Theme } from '@/lib/theme';

/**
 * Toasts last 3 seconds (SPEC §9) and follow the theme. Bottom-left: the signed-in side panel and the drawers
 * (profile, notifications) all sit on the right, so a toast there never straddles a panel's edge; on phones
 * sonner spans the width at the bottom.
 */
const Toaster = lazy(async () => ({ default: await loadToaster() }));

export default function AppToasterImpl({ theme }: { theme: Theme }) {
  return (
    <Toaster position="bottom-left" theme={theme} duration={TOAST_MS} richColors closeButton toastOptions={{ className: 'font-sans' }} />
  );
}

import { Suspense, useState } from 'react';
import { Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { useTheme } from '@/lib/theme';
import { COMMON_TEXTS } from '@/lib/texts';

// The menu (Radix DropdownMenu and its positioning) loads on the first press or hover, not with every first page:
// every visitor sees this button, few open it.
const ThemeMenuImpl = lazyComponent(
  () => import('./theme-menu-impl'),
  (m) => m.ThemeMenuImpl,
);

/** The theme switch (light, dark, system) for everyone, visitors included. The button shows the theme in effect. */
export function ThemeMenu({ className }: { className?: string }) {
  const { choice, theme } = useTheme();
  const [loaded, setLoaded] = useState(false);
  const Icon = theme === 'dark' ? Moon : Sun;
  const button = (onClick?: () => void) => (
    <button
      type="button"
      aria-label={COMMON_TEXTS.themeCurrent(COMMON_TEXTS.themes[choice])}
      aria-haspopup="menu"
      title={COMMON_TEXTS.theme}
      onClick={onClick}
      onPointerEnter={() => void ThemeMenuImpl.preload()}
      className={cn(
        'flex size-10 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
  if (!loaded) return button(() => setLoaded(true));
  // Opened by the press that loaded it; Radix then moves focus into the menu and back to its own button.
  return (
    <Suspense fallback={button()}>
      <ThemeMenuImpl className={className} defaultOpen />
    </Suspense>
  );
}

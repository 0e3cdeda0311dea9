import { Suspense, useState } from 'react';
import { Languages } from 'lucide-react';
import { cn } from '@/lib/cn';
import { LOCALE_NAMES, useLocale } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import { COMMON_TEXTS } from '@/lib/texts';
import { LANGUAGE_BUTTON_CLASSES } from './language-button';

// Like the theme menu: the Radix menu loads on the first press or hover, not with every first page.
const LanguageMenuImpl = lazyComponent(
  () => import('./language-menu-impl'),
  (m) => m.LanguageMenuImpl,
);

/** The language switch beside the theme switch, for everyone. The button shows the language in effect. */
export function LanguageMenu({ className }: { className?: string }) {
  const locale = useLocale();
  const [loaded, setLoaded] = useState(false);
  const button = (onClick?: () => void) => (
    <button
      type="button"
      aria-label={COMMON_TEXTS.languageCurrent(LOCALE_NAMES[locale], locale.toUpperCase())}
      aria-haspopup="menu"
      title={COMMON_TEXTS.language}
      onClick={onClick}
      onPointerEnter={() => void LanguageMenuImpl.preload()}
      className={cn(LANGUAGE_BUTTON_CLASSES, className)}
    >
      <Languages className="hidden size-4 sm:block" aria-hidden />
      <span>{locale.toUpperCase()}</span>
    </button>
  );
  if (!loaded) return button(() => setLoaded(true));
  return (
    <Suspense fallback={button()}>
      <LanguageMenuImpl className={className} defaultOpen />
    </Suspense>
  );
}

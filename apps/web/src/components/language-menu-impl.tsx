import { DropdownMenu } from 'radix-ui';
import { Check, Languages } from 'lucide-react';
import { cn } from '@/lib/cn';
import { LOCALE_NAMES, LOCALES, setLocaleChoice, useLocale, type Locale } from '@/lib/i18n';
import { COMMON_TEXTS } from '@/lib/texts';
import { LANGUAGE_BUTTON_CLASSES } from './language-button';

/**
 * The language menu: a radio group like the theme menu, each language named in itself (and marked with its
 * `lang`, so a screen reader says "Español" in Spanish). Loaded on first use by `LanguageMenu`.
 */
export function LanguageMenuImpl({ className, defaultOpen }: { className?: string; defaultOpen?: boolean }) {
  const locale = useLocale();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={COMMON_TEXTS.languageCurrent(LOCALE_NAMES[locale], locale.toUpperCase())}
        title={COMMON_TEXTS.language}
        className={cn(LANGUAGE_BUTTON_CLASSES, 'data-[state=open]:bg-surface-muted', className)}
      >
        <Languages className="hidden size-4 sm:block" aria-hidden />
        <span>{locale.toUpperCase()}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-line bg-surface p-1 text-fg shadow-panel data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold tracking-wider text-fg-subtle uppercase">
            {COMMON_TEXTS.language}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={locale} onValueChange={(value) => void setLocaleChoice(value as Locale)}>
            {LOCALES.map((value) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                lang={value}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-muted"
              >
                <span className="flex-1">{LOCALE_NAMES[value]}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4 text-accent-fg" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { DropdownMenu } from 'radix-ui';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTheme, type ThemeChoice } from '@/lib/theme';
import { COMMON_TEXTS } from '@/lib/texts';

const OPTIONS: { value: ThemeChoice; icon: typeof Sun }[] = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
];

/**
 * The theme menu itself (light, dark, system): a radio group, so screen readers announce the current choice.
 * Loaded on first use by `ThemeMenu` (theme-menu.tsx).
 */
export function ThemeMenuImpl({ className, defaultOpen }: { className?: string; defaultOpen?: boolean }) {
  const { choice, theme, setChoice } = useTheme();
  const Icon = theme === 'dark' ? Moon : Sun;
  const current = COMMON_TEXTS.themes[choice];
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={COMMON_TEXTS.themeCurrent(current)}
        title={COMMON_TEXTS.theme}
        className={cn(
          'flex size-10 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:bg-surface-muted',
          className,
        )}
      >
        <Icon className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-line bg-surface p-1 text-fg shadow-panel data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold tracking-wider text-fg-subtle uppercase">
            {COMMON_TEXTS.theme}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => setChoice(value as ThemeChoice)}>
            {OPTIONS.map(({ value, icon: OptionIcon }) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-surface-muted"
              >
                <OptionIcon className="size-4 text-fg-muted" aria-hidden />
                <span className="flex-1">{COMMON_TEXTS.themes[value]}</span>
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

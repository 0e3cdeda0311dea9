import type { ComponentProps, KeyboardEvent } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Tabs = RadixTabs.Root;

const STEPS: Record<string, number | 'first' | 'last'> = { ArrowRight: 1, ArrowLeft: -1, Home: 'first', End: 'last' };

/**
 * Arrow keys, Home and End move between the (horizontal) tabs here, at once. Radix moves focus in a timer after
 * the key, so a second arrow pressed before that timer ran (a busy machine, a fast typist) started again from the
 * old tab and was lost. Moving focus within the key event selects the tab (automatic activation) and the next key
 * starts from it; the prevented event is left alone by Radix.
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = STEPS[event.key];
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  const index = tabs.indexOf(event.target as HTMLElement);
  if (index < 0 || tabs.length === 0) return;
  event.preventDefault();
  const next = step === 'first' ? 0 : step === 'last' ? tabs.length - 1 : (index + step + tabs.length) % tabs.length;
  tabs[next]!.focus();
}

export function TabsList({ className, onKeyDownCapture, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn('flex gap-1 border-b border-line', className)}
      onKeyDownCapture={(event) => {
        onKeyDownCapture?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        '-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-fg-subtle transition-colors',
        'hover:text-fg data-[state=active]:border-accent-fg data-[state=active]:text-accent-fg',
        'focus-visible:rounded-md focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  // The panel itself takes focus (Tab from the tab list lands on it): it shows the same ring as everything else.
  return (
    <RadixTabs.Content
      className={cn('rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}

import type { ComponentProps } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('flex gap-1 border-b border-line', className)} {...props} />;
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

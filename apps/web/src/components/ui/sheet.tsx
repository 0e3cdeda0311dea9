import type { ReactNode } from 'react';
import { Dialog as RadixDialog, VisuallyHidden } from 'radix-ui';
import { cn } from '@/lib/cn';
import { useReturnFocus } from './return-focus';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the panel; shown by the panel's own header, so hidden here unless `showTitle`. */
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * A right-side drawer on Radix Dialog: focus is trapped while open, Escape and the backdrop close it, and focus
 * returns to whatever opened it.
 * Full width on phones, 520 px (SPEC §9 default side panel width) from the 768 px breakpoint.
 */
export function Sheet({ open, onOpenChange, title, children, className }: SheetProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-scrim data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 right-0 z-40 flex w-full flex-col bg-surface text-fg shadow-panel md:w-[520px] md:max-w-[calc(100vw-2rem)]',
            'data-[state=open]:animate-slide-in-right focus-visible:outline-none',
            className,
          )}
        >
          <VisuallyHidden.Root>
            <RadixDialog.Title>{title}</RadixDialog.Title>
          </VisuallyHidden.Root>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const SheetClose = RadixDialog.Close;

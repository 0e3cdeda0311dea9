import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useReturnFocus } from './return-focus';
import { COMMON_TEXTS } from '@/lib/texts';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Hide the corner close button (e.g. when the footer has Cancel). */
  hideClose?: boolean;
  onInteractOutside?: (event: Event) => void;
  /**
   * Where the dialog is put in the page (default: the end of <body>). A dialog opened from inside another one (the
   * post panel) goes inside it, so the outer dialog's focus trap counts it as its own.
   */
  container?: HTMLElement | null;
}

/**
 * A centred modal with a title (required for screen readers), optional description, and a close button. Focus
 * returns to whatever opened it.
 */
export function DialogContent({ title, description, children, className, hideClose, onInteractOutside, container }: DialogContentProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Portal container={container ?? undefined}>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <RadixDialog.Content
        {...returnFocus}
        onInteractOutside={onInteractOutside}
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-2xl bg-surface text-fg shadow-panel data-[state=open]:animate-pop-in focus-visible:outline-none',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-3">
          <div className="min-w-0">
            <RadixDialog.Title className="text-lg font-semibold text-fg">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="mt-1 text-sm text-fg-subtle">{description}</RadixDialog.Description> : null}
          </div>
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label={COMMON_TEXTS.close}
              className="-mt-1 -mr-1 rounded-lg p-1.5 text-fg-subtle hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" />
            </RadixDialog.Close>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

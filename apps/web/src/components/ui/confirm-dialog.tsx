import type { ReactNode, RefObject } from 'react';
import { AlertDialog } from 'radix-ui';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question (SPEC §5 confirmations), read first by screen readers. */
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  /** A third choice between Cancel and the confirmation ("Keep draft"), when the question has one. */
  secondaryLabel?: string;
  onSecondary?: () => void;
  /**
   * Where focus goes when the dialog closes. Needed when it was opened from a menu item, which no longer exists
   * by then; otherwise focus returns to whatever was focused before it opened.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels, and focus returns to the opener. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  busy,
  onConfirm,
  secondaryLabel,
  onSecondary,
  returnFocusTo,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-scrim backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line',
            'bg-surface p-5 shadow-panel data-[state=open]:animate-pop-in focus-visible:outline-none',
          )}
        >
          <AlertDialog.Title className="text-base font-semibold text-fg">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="mt-2 text-sm text-fg-muted">{description}</AlertDialog.Description> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline', 'md')}>{cancelLabel}</AlertDialog.Cancel>
            {secondaryLabel && onSecondary ? (
              <button type="button" className={buttonClasses('outline', 'md')} disabled={busy} onClick={onSecondary}>
                {secondaryLabel}
              </button>
            ) : null}
            <AlertDialog.Action
              className={buttonClasses(destructive ? 'danger' : 'primary', 'md')}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { cn } from '@/lib/cn';
import { localizeMessage } from '@/lib/i18n';

interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control, and kept beside an error (a hint like "Minimum 8 characters" explains it). */
  hint?: ReactNode;
  error?: string | null;
  /**
   * Announce the error the moment it appears (role="alert"): for checks made while typing. Forms that check on
   * submit leave it off and announce one summary instead, so a failed submit is not eight alerts at once.
   */
  announce?: boolean;
  /** Right-aligned text on the label row, e.g. a character counter. */
  aside?: ReactNode;
  className?: string;
  children: ReactElement<FieldControlProps>;
}

/** The id of a field's error text, for summaries that link to it. */
export const fieldErrorId = (controlId: string) => `${controlId}-error`;

/** Label, control, then the error and the hint, wired to the control with aria-describedby and aria-invalid. */
export function Field({ label, hint, error, announce = false, aside, className, children }: FieldProps) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const errorId = fieldErrorId(id);
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {aside}
      </div>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error ? (
        <p id={errorId} role={announce ? 'alert' : undefined} className="text-sm text-danger-fg">
          {localizeMessage(error)}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

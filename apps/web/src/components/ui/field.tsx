import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { cn } from '@/lib/cn';

interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control when there is no error. */
  hint?: ReactNode;
  error?: string | null;
  /** Right-aligned text on the label row, e.g. a character counter. */
  aside?: ReactNode;
  className?: string;
  children: ReactElement<FieldControlProps>;
}

/** Label, control, then the error (role="alert") or the hint, wired with aria-describedby and aria-invalid. */
export function Field({ label, hint, error, aside, className, children }: FieldProps) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const noteId = `${id}-note`;
  const hasNote = Boolean(error || hint);
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
        'aria-describedby': hasNote ? noteId : undefined,
      })}
      {error ? (
        <p id={noteId} role="alert" className="text-sm text-danger-fg">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const field =
  'block w-full min-w-0 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg shadow-sm ' +
  'placeholder:text-fg-subtle transition-colors hover:border-fg-subtle ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30 ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-subtle ' +
  'aria-[invalid=true]:border-danger-fg aria-[invalid=true]:focus-visible:outline-danger-fg/40';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(field, 'h-10', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(field, 'min-h-20 resize-y py-2 leading-relaxed', className)} {...props} />;
});

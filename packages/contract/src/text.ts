import { z } from 'zod';
import { cleanPastedText, hasBidiControls, hasControlChars, TEXT_MESSAGES } from './text-rules';

/**
 * A free-text field: refuses control characters (and, for a name, text direction controls), cleans as pasted
 * text, then checks the length of what will be stored. `required` makes a blank value (after cleaning) an error
 * with that message.
 */
export function textField(opts: { max: number; tooLong: string; required?: string; clean?: (v: string) => string; name?: boolean }) {
  const clean = opts.clean ?? cleanPastedText;
  const base = z
    .string({ error: opts.required ?? 'Must be text' })
    .refine((v) => !hasControlChars(v), TEXT_MESSAGES.controlChars)
    .refine((v) => !opts.name || !hasBidiControls(v), TEXT_MESSAGES.bidiControls)
    .transform(clean);
  return base.pipe(opts.required ? z.string().min(1, opts.required).max(opts.max, opts.tooLong) : z.string().max(opts.max, opts.tooLong));
}

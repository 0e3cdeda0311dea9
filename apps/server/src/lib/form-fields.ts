import type { z } from 'zod';
import { AppError } from './app-error';

/**
 * A form's text fields (multipart or JSON) checked against the contract schema: the one parser of the create and
 * edit forms (communities, blogs). A failure is a 400 whose message is the first problem, with every field's.
 */
export function parseFormFields<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw AppError.badRequest(result.error.issues[0]?.message ?? 'Invalid request', fields);
}

/** A form as services receive it: its text fields and its files (none for a JSON body). */
export type FormInput = { fields: Record<string, unknown>; files: Record<string, Buffer> };

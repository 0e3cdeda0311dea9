/** PostgreSQL's unique_violation, with the constraint (index) that fired. */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505') return e.constraint_name ?? e.constraint ?? '';
  if (e?.cause) return uniqueViolation(e.cause);
  return null;
}

import { z } from 'zod';

/**
 * One pagination convention for every list in Agora (keyset, never OFFSET): a response carries `nextCursor`
 * (null on the last page) and the next page is asked with `?cursor=<nextCursor>`. A cursor is opaque to
 * clients; the server encodes the last row's sort key in it (apps/server/src/lib/cursor.ts).
 */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;

export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const nextCursorSchema = z.string().nullable();

import { z } from 'zod';

/** GET /api/health: 200 `ok` when the process and its database answer, 503 `unavailable` otherwise. */
export const healthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

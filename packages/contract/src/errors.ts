import { z } from 'zod';
import { GROUP_ERROR_CODES } from './groups-rules';
import { DISCUSSION_ERROR_CODES } from './discussion-texts';
import { BLOG_ERROR_CODES } from './blogs';
import { FRIEND_ERROR_CODES } from './friends';
import { NOTIFICATION_ERROR_CODES } from './notifications';
import { ADMIN_ERROR_CODES } from './admin-messages';
import { REPORT_ERROR_CODES } from './report-messages';
import { POSTING_ERROR_CODES } from './posting-codes';
import { BLOCK_ERROR_CODES } from './blocks';
import { REMOVAL_ERROR_CODES } from './removal-messages';
import { MODERATION_ERROR_CODES } from './moderation';

/** Machine-readable error codes. `message` is what the UI shows (SPEC §8); `code` is for programs. */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'invalid_credentials',
  'token_invalid',
  'wrong_password',
  'verification_required',
  'session_not_found',
  'export_pending',
  'export_not_found',
  'owns_communities',
  'forbidden',
  'not_found',
  'user_not_found',
  'username_taken',
  'email_taken',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_image',
  'bad_request',
  'forbidden_upload',
  'server_busy',
  'service_unavailable',
  'client_closed',
  'internal_error',
  ...GROUP_ERROR_CODES,
  ...DISCUSSION_ERROR_CODES,
  ...BLOG_ERROR_CODES,
  ...FRIEND_ERROR_CODES,
  ...NOTIFICATION_ERROR_CODES,
  ...ADMIN_ERROR_CODES,
  ...REPORT_ERROR_CODES,
  ...POSTING_ERROR_CODES,
  ...BLOCK_ERROR_CODES,
  ...REMOVAL_ERROR_CODES,
  ...MODERATION_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every non-2xx response body. `fields` maps a request field to its first problem. `requestId` (issue 18 §3, added
 * beside the spec's fields) is the `X-Request-Id` of the answer: the id on the server's log lines for that request.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

import type { ErrorCode } from '@agora/contract';

/** The one error type services throw; plugins/errors.ts turns it into `{ message, code, fields? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fields?: Record<string, string>): AppError {
    return new AppError(400, fields ? 'validation_error' : 'bad_request', message, fields);
  }
  static unauthorized(message = 'Please sign in to continue'): AppError {
    return new AppError(401, 'unauthorized', message);
  }
  static forbidden(message = 'You do not have permission to do that'): AppError {
    return new AppError(403, 'forbidden', message);
  }
  static notFound(message = 'Not found', code: ErrorCode = 'not_found'): AppError {
    return new AppError(404, code, message);
  }
  static conflict(code: ErrorCode, message: string, field?: string): AppError {
    return new AppError(409, code, message, field ? { [field]: message } : undefined);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number): AppError {
    return new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
  static payloadTooLarge(message: string): AppError {
    return new AppError(413, 'payload_too_large', message);
  }
  static unsupportedMedia(message: string): AppError {
    return new AppError(415, 'unsupported_media_type', message);
  }
}

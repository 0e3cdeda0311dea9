import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@agora/contract';
import { AppError } from '../lib/app-error';
import { isConnectionLoss, isDataException, loggableError, redactDbError } from '../lib/pg-errors';

function fieldPath(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
}

const DATA_EXCEPTION_MESSAGE = 'The request contains a value that cannot be stored';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * The only error handler: AppError keeps its status and message; schema validation is a 400 whose message is the
 * first problem (the UI shows it as is) with every field's first problem in `fields`; a PostgreSQL data
 * exception (SQLSTATE class 22) is a 400; a lost or refused database connection is a 503 with Retry-After (the
 * request may be tried again; `onConnectionLoss` tells the health check at once); Fastify's own client errors keep
 * their 4xx; a client that closed its connection mid-request is logged at info (nobody reads that answer);
 * anything else is logged with the request id and answered with a generic 500. Database errors are
 * logged redacted (lib/pg-errors.ts): never a query parameter.
 */
/**
 * Whether the error is the request stream failing because the client closed its connection mid-request (Node
 * destroys the stream with ECONNRESET "aborted"; a multipart parser rethrows it or reports a premature close).
 */
function clientWentAway(raw: IncomingMessage, error: { code?: string; message?: string }): boolean {
  const streamError = (error.code === 'ECONNRESET' && error.message === 'aborted') || error.code === 'ERR_STREAM_PREMATURE_CLOSE';
  return streamError || (raw.destroyed && !raw.complete);
}

export function registerErrorHandler(app: FastifyInstance, opts: { onConnectionLoss?: () => void } = {}): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Every error body carries the request's id (also in X-Request-Id and on its log lines): a person's report of
    // an error can be matched to the server's log. Added beside the spec's message and code (§8).
    const requestId = request.id;
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ErrorBody = { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}), requestId };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldPath(issue.instancePath);
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const message = error.validation[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ message, code: 'validation_error', fields, requestId } satisfies ErrorBody);
    }
    if (isDataException(error)) {
      request.log.warn({ err: redactDbError(error), reqId: request.id }, 'value refused by the database');
      return reply.status(400).send({ message: DATA_EXCEPTION_MESSAGE, code: 'bad_request', requestId } satisfies ErrorBody);
    }
    if (isConnectionLoss(error)) {
      opts.onConnectionLoss?.();
      request.log.warn({ err: loggableError(error), reqId: request.id }, 'database unavailable');
      void reply.header('retry-after', '1');
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'service_unavailable', requestId } satisfies ErrorBody);
    }
    if (clientWentAway(request.raw, error)) {
      // Nobody reads this answer: the person closed the tab or lost the network mid-request. Not an error of ours.
      request.log.info({ reqId: request.id, url: request.url }, 'client closed the request');
      return reply.status(400).send({ message: 'The request was interrupted', code: 'client_closed', requestId } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ message: 'The file or request is too large', code: 'payload_too_large', requestId } satisfies ErrorBody);
    }
    if (status === 415) {
      return reply.status(415).send({ message: 'Unsupported content type', code: 'unsupported_media_type', requestId } satisfies ErrorBody);
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please try again later.', code: 'rate_limited', requestId } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.message;
      return reply.status(status).send({ message, code: 'bad_request', requestId } satisfies ErrorBody);
    }
    request.log.error({ err: loggableError(error), reqId: request.id }, 'unhandled error');
    return reply.status(500).send({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'internal_error',
      requestId,
    } satisfies ErrorBody);
  });
}

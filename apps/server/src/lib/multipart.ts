import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@agora/contract';
import { AppError } from './app-error';

/**
 * Reads the one file of a multipart request from the expected field, for a route (services get a Buffer).
 * The file is counted as it streams: past `maxBytes` the read stops at once with 413 and the rest of the body
 * is never read (plugins/connections.ts closes the connection). A body that ends before the multipart closes
 * (a truncated upload) is a 400, never a 500.
 */
export async function readSingleFile(request: FastifyRequest, opts: { field: string; maxBytes: number; label: string }): Promise<Buffer> {
  const missing = () => AppError.badRequest(UPLOAD_MESSAGES.missing, { [opts.field]: UPLOAD_MESSAGES.missing });
  const tooLarge = () => AppError.payloadTooLarge(UPLOAD_MESSAGES.tooLarge(opts.label));
  if (!request.isMultipart()) throw missing();
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: opts.maxBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } });
  } catch (error) {
    throw clientError(error, tooLarge);
  }
  if (!part) throw missing();
  if (part.fieldname !== opts.field) {
    stopReading(request, part);
    throw missing();
  }
  // At the limit the parser stops passing data on but never ends the file while the body goes on (an endless
  // upload would wait for ever): fail the read the moment the limit is hit.
  const file = part.file;
  file.once('limit', () => file.destroy(Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })));
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > opts.maxBytes) break;
      chunks.push(chunk);
    }
  } catch (error) {
    stopReading(request, part);
    throw clientError(error, tooLarge);
  }
  if (total > opts.maxBytes || part.file.truncated) {
    stopReading(request, part);
    throw tooLarge();
  }
  return Buffer.concat(chunks, total);
}

/** Stops parsing the body: the multipart parser is detached and the file stream dropped, nothing reads on. */
function stopReading(request: FastifyRequest, part: MultipartFile): void {
  request.raw.unpipe();
  part.file.destroy();
}

/** Errors while reading a multipart body are the client's: too large → 413, anything else (truncated, malformed) → 400. */
function clientError(error: unknown, tooLarge: () => AppError): AppError {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; statusCode?: number };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) return tooLarge();
  return AppError.badRequest(UPLOAD_MESSAGES.incomplete);
}

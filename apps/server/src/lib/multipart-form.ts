import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { FormInput } from './form-fields';

/** One file field of a form: its own size limit and the message shown when a file is larger. */
export type FileRule = { maxBytes: number; tooLarge: string };

export type FormSpec = {
  /** File fields, each optional; any other file field is a 400. */
  files: Record<string, FileRule>;
  /** Text fields that are kept; other text fields are read (within the limits) and dropped. */
  fields: readonly string[];
  /** Longest text field, in bytes (UTF-8). */
  maxFieldBytes: number;
};

export type ParsedForm = { fields: Record<string, string>; files: Record<string, Buffer> };

export const MULTIPART_MESSAGES = {
  notMultipart: 'Send the form as multipart/form-data',
  tooLarge: 'The request is too large',
  fieldTooLong: 'A form field is too long',
  tooManyParts: 'The form has too many fields or files',
  unexpectedFile: (name: string) => `Unexpected file field "${name}"`,
  duplicate: (name: string) => `The field "${name}" was sent twice`,
  incomplete: 'The upload was incomplete. Please try again.',
} as const;

/** Room for part headers, boundaries and dropped fields on top of the declared fields and files. */
const OVERHEAD_BYTES = 64 * 1024;
const EXTRA_FIELDS = 10;

/**
 * Reads a whole multipart form with several text fields and files into memory, each file within its own limit and
 * the whole body bounded (the sum of the file limits, the fields and a small overhead): a declared Content-Length
 * above that bound is refused before reading, a file over its limit is a 413 the moment its byte count passes the
 * limit (the rest is not read), and a truncated or malformed body is a 400. An empty file part (a form whose file
 * input was left empty) counts as absent.
 */
export async function readMultipartForm(request: FastifyRequest, spec: FormSpec): Promise<ParsedForm> {
  if (!request.isMultipart()) throw AppError.unsupportedMedia(MULTIPART_MESSAGES.notMultipart);
  const fileRules = Object.entries(spec.files);
  const largestFile = Math.max(0, ...fileRules.map(([, r]) => r.maxBytes));
  const bodyBound =
    fileRules.reduce((sum, [, r]) => sum + r.maxBytes, 0) + (spec.fields.length + EXTRA_FIELDS) * spec.maxFieldBytes + OVERHEAD_BYTES;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > bodyBound) throw AppError.payloadTooLarge(MULTIPART_MESSAGES.tooLarge);

  const closing = closeDelimiterWatcher(String(request.headers['content-type'] ?? ''));
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: Record<string, Buffer> = Object.create(null) as Record<string, Buffer>;
  const seenFiles = new Set<string>();
  const maxFields = spec.fields.length + EXTRA_FIELDS;
  let iterator: AsyncIterator<Multipart> | undefined;
  try {
    // throwFileSizeLimit is read by @fastify/multipart at run time but missing from its option type.
    const parts = request.parts({
      // One byte above the largest limit, so an over-limit file is seen by the count below, not truncated silently.
      limits: {
        fileSize: largestFile + 1,
        files: fileRules.length,
        fields: maxFields,
        fieldSize: spec.maxFieldBytes,
        parts: fileRules.length + maxFields,
      },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    // The first next() pipes the request into the parser synchronously; watch the same bytes from then on.
    iterator = parts[Symbol.asyncIterator]();
    const first = iterator.next();
    request.raw.on('data', closing.push);
    for (let step = await first; !step.done; step = await iterator.next()) {
      const part = step.value;
      if (part.type === 'file') {
        const rule = spec.files[part.fieldname];
        if (!rule || !Object.hasOwn(spec.files, part.fieldname)) {
          part.file.resume();
          throw AppError.badRequest(MULTIPART_MESSAGES.unexpectedFile(part.fieldname.slice(0, 50)));
        }
        if (seenFiles.has(part.fieldname)) throw AppError.badRequest(MULTIPART_MESSAGES.duplicate(part.fieldname));
        seenFiles.add(part.fieldname);
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > rule.maxBytes) throw AppError.payloadTooLarge(rule.tooLarge);
          chunks.push(chunk);
        }
        if (part.file.truncated) throw AppError.payloadTooLarge(rule.tooLarge);
        if (size > 0) files[part.fieldname] = Buffer.concat(chunks);
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw AppError.payloadTooLarge(MULTIPART_MESSAGES.fieldTooLong);
        if (!spec.fields.includes(part.fieldname)) continue;
        if (Object.hasOwn(fields, part.fieldname)) throw AppError.badRequest(MULTIPART_MESSAGES.duplicate(part.fieldname));
        fields[part.fieldname] = String(part.value);
      }
    }
    // The parser ends quietly when the body stops before the closing delimiter: that is a truncated upload.
    if (!closing.seen()) throw AppError.badRequest(MULTIPART_MESSAGES.incomplete);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw AppError.payloadTooLarge(MULTIPART_MESSAGES.tooManyParts);
    // A part cut short, a bad boundary, a prototype field name.
    throw AppError.badRequest(MULTIPART_MESSAGES.incomplete);
  } finally {
    request.raw.off('data', closing.push);
    // Stop the parser when we refused the form part-way (the rest of the body is not read).
    iterator?.return?.(undefined).catch(() => {});
  }
  return { fields: { ...fields }, files: { ...files } };
}

/** Watches a body's bytes for the multipart closing delimiter "--<boundary>--", across chunk edges. */
function closeDelimiterWatcher(contentType: string) {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const needle = Buffer.from(`--${match?.[1] ?? match?.[2] ?? ''}--`);
  let carry = Buffer.alloc(0);
  let seen = false;
  return {
    push: (chunk: Buffer) => {
      if (seen) return;
      const window = Buffer.concat([carry, chunk]);
      if (window.includes(needle)) seen = true;
      else carry = window.subarray(Math.max(0, window.length - needle.length + 1));
    },
    seen: () => seen,
  };
}

/**
 * The create and edit forms' prelude: a multipart body is read by `spec`, a JSON body is taken as the fields (no
 * files). Call it only for a signed-in user: a visitor's body is never read.
 */
export async function readForm(request: FastifyRequest, spec: FormSpec): Promise<FormInput> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, files: {} };
  return readMultipartForm(request, spec);
}

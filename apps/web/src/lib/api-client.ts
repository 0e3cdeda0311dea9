import {
  pathWithQuery,
  type BodyOf,
  type Endpoint,
  type ErrorBody,
  type HttpMethod,
  type MultipartBody,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@agora/contract';
import { clearSession, getToken } from './storage';
import { takeFirstRequest } from './first-requests';
import { localizeMessage } from './i18n';

/**
 * The only module that talks to the network. It adds the bearer token, turns every non-2xx answer into an
 * ApiError carrying the server's `{ message, code, fields }`, and clears the session on a 401 so a stale token
 * signs the user out everywhere. No timeout is set (SPEC §7).
 *
 * Features call the API through `call` and `upload` with an endpoint of the contract's paths table (`API`): the
 * path, the body and the query are the contract's types, and so is the answer (typed, not parsed at run time:
 * docs/decisions/0047-the-web-app-trusts-the-contract-s-responses.md). `api`, `apiRequest` and `uploadFile` are the transport underneath.
 */

export const NETWORK_ERROR = 'network_error';
export const BAD_RESPONSE = 'bad_response';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The server's id of the request (issue 18 §3): the one log line a person's report can be matched to. */
  readonly requestId: string | undefined;

  /** `message` is the server's text, or '' when it sent none: callers then show the SPEC §8 default. */
  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
  }
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR;
}

/** The server's message when it sent one (in the chosen language when it is one of the contract's), else the given default. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? localizeMessage(error.message) : fallback;
}

/** Anything with a Zod-like `parse`: a caller may check an answer with one (the app does not; decision 0006). */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  schema?: Parser<T>;
  /** Login and registration send no token (SPEC §7). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Try again when the server answers 503 with Retry-After (it refused before doing any work: the password queue
   * is full, the database is briefly away): at most BUSY_RETRIES times, waiting what it asks, at most
   * BUSY_RETRY_MAX_WAIT_MS each. Only for calls that are safe to repeat (sign-in, registration).
   */
  retryWhenBusy?: boolean;
}

export const BUSY_RETRIES = 3;
export const BUSY_RETRY_MAX_WAIT_MS = 10_000;

/** The wait a 503's Retry-After asks for (seconds or an HTTP date), capped; null when there is none. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  if (!Number.isFinite(ms)) return null;
  return Math.min(BUSY_RETRY_MAX_WAIT_MS, Math.max(0, ms));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * The contract's error body (`errorBodySchema`), checked by hand: this module is on every page's first load, and
 * the schema would bring zod with it (the server already validates what it sends against the schema).
 */
function isErrorBody(payload: unknown): payload is ErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { message, code, fields } = payload as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return false;
  if (fields === undefined) return true;
  return typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string');
}

/** The server's request ids are 1–64 of these characters; anything else is not shown. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function toApiError(status: number, payload: unknown): ApiError {
  if (isErrorBody(payload)) {
    const requestId = typeof payload.requestId === 'string' && REQUEST_ID.test(payload.requestId) ? payload.requestId : undefined;
    return new ApiError(status, payload.code, payload.message, payload.fields ?? {}, requestId);
  }
  return new ApiError(status, status >= 500 ? 'internal_error' : 'bad_request', '');
}

function afterError(status: number, sentToken: boolean): void {
  if (status === 401 && sentToken) clearSession();
}

function parseBody<T>(payload: unknown, schema: Parser<T> | undefined, status: number): T {
  if (!schema) return payload as T;
  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError(status, BAD_RESPONSE, '');
  }
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, auth = true, signal, retryWhenBusy = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    try {
      // The first screen's GETs were started by public/first-requests.js while this code was on its way.
      const early = attempt === 0 && method === 'GET' && !signal?.aborted ? takeFirstRequest(path, token) : null;
      response = early
        ? await early.catch(() => fetch(path, { method, headers, signal }))
        : await fetch(path, {
            method,
            headers,
            body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
            signal,
          });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, NETWORK_ERROR, '');
    }
    const wait = retryWhenBusy && response.status === 503 && attempt < BUSY_RETRIES ? retryAfterMs(response) : null;
    if (wait === null) break;
    await response.body?.cancel().catch(() => {});
    await sleep(wait, signal);
  }

  const text = await response.text().catch(() => '');
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }

  if (!response.ok) {
    afterError(response.status, Boolean(token));
    throw toApiError(response.status, payload);
  }
  return parseBody(payload, schema, response.status);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * GET a file (an archive) as a Blob, with the same token, error and 401 rules as apiRequest: a plain link would
 * carry no bearer token. The caller saves it (see `saveBlob`).
 */
export async function apiDownload(path: string, options: { signal?: AbortSignal } = {}): Promise<{ blob: Blob; filename: string | null }> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/zip, application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', headers, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    afterError(response.status, Boolean(token));
    throw toApiError(response.status, payload);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface UploadOptions<T> {
  schema?: Parser<T>;
  /** POST unless the endpoint replaces a resource's image (PUT /api/groups/{id}). */
  method?: 'POST' | 'PUT';
  /** Called with 0 to 100 as bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Multipart upload through XMLHttpRequest, the one exception to "only fetch": fetch cannot report upload
 * progress, and SPEC §4 shows a percentage. Same token, error and 401 rules as apiRequest.
 */
export function uploadFile<T = unknown>(
  path: string,
  field: string,
  file: Blob,
  filename: string,
  options: UploadOptions<T> = {},
): Promise<T> {
  const { schema, onProgress, signal, method = 'POST' } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, ''));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      let payload: unknown = undefined;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        afterError(xhr.status, Boolean(token));
        reject(toApiError(xhr.status, payload));
        return;
      }
      try {
        resolve(parseBody(payload, schema, xhr.status));
      } catch (error) {
        reject(error);
      }
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(field, file, filename);
    onProgress?.(0);
    xhr.send(form);
  });
}

/** `path?key=value&…` with the parameters that have a value (undefined and '' are left out), encoded. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  return pathWithQuery(path, params);
}

// ---------------------------------------------------------------------------------------------------------------
// Calls through the contract's paths table

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint of the table, whatever its types
type AnyEndpoint = Endpoint<HttpMethod, string, any, any, any>;

/** What a call needs beyond its endpoint: the path's parameters, the body and the query its endpoint declares. */
export type CallOptions<E extends AnyEndpoint> = { signal?: AbortSignal; auth?: boolean; retryWhenBusy?: boolean } & (ParamsOf<E> extends []
  ? { params?: [] }
  : { params: ParamsOf<E> }) &
  ([BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> }) &
  ([QueryOf<E>] extends [undefined] ? { query?: undefined } : { query?: QueryOf<E> });

/** The endpoint's path with its parameters (their number is checked where `call` and `upload` are called). */
function fill(endpoint: AnyEndpoint, params: (string | number)[]): string {
  return (endpoint.path as (...params: (string | number)[]) => string)(...params);
}

/**
 * One API call: `call(API.members.invite, { params: [groupId], body: { userId } })`. The path is the table's, the
 * body and the query must be the contract's request types, and the promise has the contract's response type.
 */
export function call<E extends AnyEndpoint>(
  endpoint: E,
  ...[options]: object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]
): Promise<ResponseOf<E>> {
  const { params = [], body, query, ...rest } = (options ?? {}) as { params?: (string | number)[]; body?: unknown; query?: object };
  const path = pathWithQuery(fill(endpoint, params), query);
  return apiRequest<ResponseOf<E>>(path, { ...rest, method: endpoint.method, body });
}

/** A multipart body of the contract's fields (`T`), in order, then the files that are set (each with its name). */
export function multipartBody<T extends object>(fields: T, files: Record<string, File | null | undefined> = {}): MultipartBody<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  for (const [key, file] of Object.entries(files)) if (file) form.append(key, file, file.name);
  return form as MultipartBody<T>;
}

/** One file to a multipart endpoint of the table (its body a MultipartBody), reporting the percentage sent (see uploadFile). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any POST or PUT endpoint whose body may be multipart
export function upload<E extends Endpoint<'POST' | 'PUT', string, any, any, any>>(
  endpoint: E,
  params: ParamsOf<E>,
  file: { field: string; blob: Blob; filename: string },
  options: Omit<UploadOptions<ResponseOf<E>>, 'method'> = {},
): Promise<ResponseOf<E>> {
  return uploadFile<ResponseOf<E>>(fill(endpoint, params as (string | number)[]), file.field, file.blob, file.filename, {
    ...options,
    method: endpoint.method,
  });
}

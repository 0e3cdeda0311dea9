import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Responses smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API responses of 1 KB and more (brotli, else gzip, as the client accepts). Built assets and
 * index.html are compressed once at build time and sent as files (plugins/web.ts), so in practice only JSON is
 * compressed here; what would be compressed per request is cheap: brotli quality 4 (about gzip's speed, smaller
 * output), gzip level 6. Request bodies are never decompressed (a small compressed body could expand without
 * bound past the body limit). Register before the routes: the hooks are attached per route as routes are added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. Source maps are only for devtools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than the extra headers and lookups cost. */
const MIN_BYTES = 512;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every compressible file under
 * `dir`, where that saves bytes. Done once at build time, so the server sends the smallest encoding at no CPU cost
 * per request (`@fastify/static` `preCompressed`, and the SPA fallback for index.html).
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotli: number; gzip: number }> {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const source = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    totals.files += 1;
    totals.bytes += source.length;
    if (br.length < source.length) {
      await writeFile(`${file}.br`, br);
      totals.brotli += br.length;
    }
    if (gzipped.length < source.length) {
      await writeFile(`${file}.gz`, gzipped);
      totals.gzip += gzipped.length;
    }
  }
  return totals;
}

/** Vite plugin: precompress the build output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'agora:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      this.info(`precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
    },
  };
}

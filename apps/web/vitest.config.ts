import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.{ts,tsx}'],
    css: false,
    // Component tests type and click through whole forms; on a shared 2-core machine 5 s is too tight.
    testTimeout: 20_000,
    restoreMocks: true,
    clearMocks: true,
    unstubGlobals: true,
  },
});

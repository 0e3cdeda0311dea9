import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstScreenChunks, firstScreenGroups, type ScreenSets } from './build/first-screen-chunks.ts';
import { pagePreloads } from './build/page-preloads.ts';
import { precompress } from './build/precompress.ts';

const API = 'http://localhost:3000';

// Everything the server answers on the same origin in production is proxied in development, so the client
// code never needs to know the API host.
const proxied = ['/api', '/auth', '/users', '/profile', '/upload', '/uploads', '/groups', '/friends', '/notifications'];

// Filled by firstScreenChunks once the module graph is known, read by the chunk groups below.
const screens: ScreenSets = { entry: new Set(), auth: new Set(), home: new Set(), feed: new Set(), member: new Set(), community: new Set() };

export default defineConfig({
  plugins: [react(), tailwindcss(), firstScreenChunks(screens), pagePreloads(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API, changeOrigin: true }])),
      '/socket.io': { target: API, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // React, React DOM and the router run on every page and change less often than the app: their own chunk
        // stays cached across deploys. The landing screens' own modules form one chunk each (build/first-screen-
        // chunks.ts) instead of dozens of tiny shared ones. Every other module goes where the import graph puts
        // it, so a library that one lazy page uses (the cropper) loads with that page only.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 5 },
            ...firstScreenGroups(screens),
          ],
        },
      },
    },
  },
});

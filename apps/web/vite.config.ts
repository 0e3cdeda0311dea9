import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunks, firstScreenGroups, type ScreenSets } from './build/first-screen-chunks.ts';
import { pagePreloads } from './build/page-preloads.ts';
import { precompress } from './build/precompress.ts';

const API = 'http://localhost:3000';

// Everything the server answers on the same origin in production is proxied in development, so the client
// code never needs to know the API host.
const proxied = ['/api', '/auth', '/users', '/profile', '/upload', '/uploads', '/groups', '/friends', '/notifications'];

// Filled by firstScreenChunks once the module graph is known, read by the chunk groups below.
const screens: ScreenSets = {
  entry: new Set(),
  auth: new Set(),
  home: new Set(),
  feed: new Set(),
  member: new Set(),
  community: new Set(),
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    firstScreenChunks(screens),
    pagePreloads(),
    // The service worker (src/sw.ts → /sw.js, decision 0144). The manifest is public/manifest.webmanifest, linked
    // from index.html; src/lib/service-worker.ts registers the worker, so the plugin injects nothing.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app shell: hashed assets, the public scripts and images, the manifest and the offline page. Never the
        // pages' HTML (fetched fresh on every navigation), first-requests.js (it starts a page's API requests, useless
        // offline and tied to the page's version), source maps or the build's own manifest.
        globPatterns: ['assets/**/*.{js,css}', 'theme.js', 'offline.js', '*.svg', 'icons/*.png', 'manifest.webmanifest', 'offline.html'],
        globIgnores: ['**/*.map', '.vite/**', 'index*.html', 'sw.js'],
        // The largest lazy chunk is well below this; a bigger one is a mistake worth failing the build for.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
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

import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API = 'http://localhost:3000';

// Everything the server answers on the same origin in production is proxied in development, so the client
// code never needs to know the API host.
const proxied = ['/api', '/auth', '/users', '/profile', '/upload', '/uploads', '/groups', '/friends', '/notifications'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'react';
          if (id.includes('@radix-ui') || id.includes('radix-ui')) return 'radix';
          if (id.includes('zod')) return 'zod';
          return 'vendor';
        },
      },
    },
  },
});

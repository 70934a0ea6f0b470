// The web app's build: the owner admin app (config.html, served by the gateway under /config) and,
// later, the storefront islands. Hashed files land in dist/assets, which the gateway serves with
// a year-long cache; the manifest tells render which files a page needs.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Workspace packages are used from their TypeScript source, as everywhere else.
  resolve: { conditions: ['@sc/source', 'module', 'browser', 'development|production'] },
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: { input: { config: 'config.html' } },
  },
});

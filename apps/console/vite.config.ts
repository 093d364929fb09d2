import { defineConfig } from 'vite';

// The console is served by the API server at /console, same origin, under a CSP without inline script: one module
// script and one stylesheet, both files; no module-preload polyfill (it would be code the page does not need).
export default defineConfig({
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: true,
  },
});

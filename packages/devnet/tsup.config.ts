import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm', 'cjs'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // `import.meta.url` locates the package root (contracts/, .cache/) and npm artifacts from the CJS build too.
  shims: true,
});

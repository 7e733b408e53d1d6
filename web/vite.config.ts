/// <reference types="node" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rollup } from 'vite';

const apiTarget = 'http://localhost:3000';

/**
 * Long-lived vendor chunks, by package: the app code changes far more often than these. Few of them, so that
 * index.html's first round stays at six files with the CSS: over HTTP/1.1 Chromium opens six connections per
 * host, and a seventh file waits a round trip for a free one.
 */
const VENDOR_CHUNKS: Record<string, string[]> = {
  react: ['react', 'react-dom', 'scheduler', 'react-router', '@tanstack/react-query', '@tanstack/query-core'],
  zod: ['zod'],
  // Every icon in one chunk: split by the pages using them, icons were 5 to 11 tiny chunks each page asked for
  // only after the entry had run.
  ui: ['@radix-ui/', 'lucide-react'],
  forms: ['react-hook-form', '@hookform/'],
};

/** Libraries only some pages need: the app modules that bring them stay in those pages' chunks. */
const PAGE_ONLY_LIBRARIES = ['react-hook-form', '@hookform/', 'socket.io-client', 'driver.js'];

const packageOf = (id: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
const matches = (pkg: string, names: string[]) => names.some((name) => (name.endsWith('/') ? pkg.startsWith(name) : pkg === name));

/** Whether a module, or anything it statically imports, is one of the page-only libraries. */
function bringsPageOnlyLibrary(id: string, meta: Rollup.ManualChunkMeta, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const pkg = packageOf(id);
  if (pkg) return matches(pkg, PAGE_ONLY_LIBRARIES);
  return (meta.getModuleInfo(id)?.importedIds ?? []).some((imported) => bringsPageOnlyLibrary(imported, meta, seen));
}

const manualChunks: Rollup.GetManualChunk = (id, meta) => {
  const pkg = packageOf(id);
  if (pkg) return Object.keys(VENDOR_CHUNKS).find((chunk) => matches(pkg, VENDOR_CHUNKS[chunk]));
  // The small pieces several pages share (ui primitives, hooks, formatters, shared reads) go in one chunk loaded
  // with the entry, rather than a tiny chunk per set of pages using them, fetched after the entry has run.
  if (/\/web\/src\/(components|hooks|lib)\//.test(id) && !bringsPageOnlyLibrary(id, meta)) return 'shared';
  return undefined;
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@planejador/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
      // bull-board is a server page; /admin/email-sender stays a SPA route (its POST goes through /admin too).
      '/admin/queues': { target: apiTarget },
      '/admin/email-sender': {
        target: apiTarget,
        bypass: (req) => (req.method === 'POST' ? undefined : '/index.html'),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks },
    },
  },
});

/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const apiTarget = 'http://localhost:3000';

/**
 * Long-lived vendor chunks, by package: the app code changes far more often than these. `react` is loaded with the
 * entry (every page needs it); the others only with the pages that use them.
 */
const VENDOR_CHUNKS: Record<string, string[]> = {
  react: ['react', 'react-dom', 'scheduler', 'react-router', '@tanstack/react-query', '@tanstack/query-core'],
  zod: ['zod'],
  // The icons and Radix parts of the signed-in pages in one chunk: split by the pages using them, icons were 5 to 11
  // tiny chunks each page asked for only after the entry had run. (Those of the first visit: FIRST_VISIT_PAGES.)
  ui: ['@radix-ui/', 'lucide-react'],
  forms: ['react-hook-form', '@hookform/'],
};

/** Libraries only some pages need: the app modules that bring them stay in those pages' chunks. */
const PAGE_ONLY_LIBRARIES = ['react-hook-form', '@hookform/', 'socket.io-client', 'driver.js'];

/**
 * What a first visit runs: the entry, then the landing page and the sign-in page (issue 19: at most 150 KB of gzip
 * JavaScript for the two). Their modules are kept out of the `ui` and `shared` chunks, which hold what the
 * signed-in pages use (Radix, the icons, the shared components): the entry's in `app`; the pages' own modules in
 * their route chunks; the components, icons and Radix parts they use in `public` (what both pages or also other
 * pages use), `landing-ui` and `auth-ui` (what only that page uses).
 */
const ENTRY = 'main.tsx';
const FIRST_VISIT_PAGES: Record<string, string> = {
  landing: 'features/landing/routes/landing-route.tsx',
  auth: 'features/auth/routes/auth-route.tsx',
};
/** libs/contracts: the modules without zod (constants, messages) go with the entry, the schemas with zod. */
const CONTRACTS_DIR = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));
const CONTRACTS_WITHOUT_ZOD = ['index.ts', 'messages.ts', 'periodos.ts', 'domain.ts', 'http.ts', 'files.ts'];

const srcPath = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

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

/**
 * A module and everything it imports statically, short of libs/contracts (its index names every module: they are
 * placed by CONTRACTS_WITHOUT_ZOD). Icons are imported one by one (lucideIconImports), so those listed are used.
 */
function staticClosure(root: string, meta: Rollup.ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    // Rollup's helpers (\0...) go with the vendor chunks that need them.
    if (seen.has(id) || id.startsWith(CONTRACTS_DIR) || id.startsWith('\0')) return;
    seen.add(id);
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(root);
  return seen;
}

let firstVisit: Map<string, string> | null = null;
/** Module -> chunk for the first visit's modules (computed once, the module graph being complete by then). */
function firstVisitChunks(meta: Rollup.ManualChunkMeta): Map<string, string> {
  if (firstVisit) return firstVisit;
  const entry = staticClosure(srcPath(ENTRY), meta);
  const byPage = Object.entries(FIRST_VISIT_PAGES).map(([name, path]) => [name, staticClosure(srcPath(path), meta)] as const);
  firstVisit = new Map([...entry].map((id) => [id, 'app']));
  const firstVisitIds = new Set([...entry, ...byPage.flatMap(([, closure]) => [...closure])]);
  for (const [name, closure] of byPage) {
    for (const id of closure) {
      // The pages' own modules: Rollup puts them in the route chunks.
      if (entry.has(id) || id.startsWith(srcPath('features/'))) continue;
      // What the signed-in pages import too, or both pages use, goes in `public`: a signed-in page then loads
      // that chunk, not the other pieces of the sign-in page.
      const usedElsewhere = (meta.getModuleInfo(id)?.importers ?? []).some((importer) => !firstVisitIds.has(importer));
      firstVisit.set(id, usedElsewhere || firstVisit.has(id) ? 'public' : `${name}-ui`);
    }
  }
  // What a `public` module imports is public too (else the chunks would import each other).
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, chunk] of firstVisit) {
      if (chunk !== 'public') continue;
      for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
        if (firstVisit.get(imported)?.endsWith('-ui')) {
          firstVisit.set(imported, 'public');
          changed = true;
        }
      }
    }
  }
  return firstVisit;
}

const manualChunks: Rollup.GetManualChunk = (id, meta) => {
  const pkg = packageOf(id);
  const vendor = pkg && Object.keys(VENDOR_CHUNKS).find((chunk) => matches(pkg, VENDOR_CHUNKS[chunk]));
  if (vendor && vendor !== 'ui') return vendor;
  if (id.startsWith(CONTRACTS_DIR)) return CONTRACTS_WITHOUT_ZOD.includes(id.slice(CONTRACTS_DIR.length)) ? 'app' : 'zod';
  const firstVisitChunk = firstVisitChunks(meta).get(id);
  if (firstVisitChunk) return firstVisitChunk;
  if (vendor) return vendor;
  // The small pieces several signed-in pages share (ui primitives, hooks, formatters, shared reads) go in one
  // chunk, rather than a tiny chunk per set of pages using them, each fetched after the entry has run.
  if (/\/web\/src\/(components|hooks|lib)\//.test(id) && !bringsPageOnlyLibrary(id, meta)) return 'shared';
  return undefined;
};

/**
 * `import { Sun, Moon } from 'lucide-react'` becomes one import per icon module (lucide-react/dist/esm/icons/…), so
 * that the module graph names the icons each module uses and manualChunks can place them: through the package's
 * index every module seemed to import all 1,600 icons. Types and anything else keep the index.
 */
function lucideIconImports(): Plugin {
  const require = createRequire(import.meta.url);
  const index = require.resolve('lucide-react').replace(/dist\/cjs\/lucide-react\.js$/, 'dist/esm/lucide-react.js');
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+\.js)'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) files.set(name, `lucide-react/dist/esm/icons/${file}`);
  }
  return {
    name: 'lucide-icon-imports',
    apply: 'build',
    transform(code, id) {
      if (!/\/web\/src\/.*\.tsx?$/.test(id) || !code.includes('lucide-react')) return null;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g, (statement, list: string) => {
        const rest: string[] = [];
        const icons: string[] = [];
        for (const specifier of list.split(',').map((part) => part.trim()).filter(Boolean)) {
          const [name, local = name] = specifier.split(/\s+as\s+/);
          const file = files.get(name);
          if (file) icons.push(`import ${local} from '${file}';`);
          else rest.push(specifier);
        }
        if (rest.length) icons.push(`import { ${rest.join(', ')} } from 'lucide-react';`);
        // Same number of lines: the source map stays right.
        return icons.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), lucideIconImports()],
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

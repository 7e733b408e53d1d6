// The project's own lint rules (plugin `planejador` in eslint.config.mjs): the walls that no stock rule holds, each
// by structure (where a module or a class comes from), not by how a name or a path is written. Probes of each in
// scripts/src/boundaries.int-spec.ts.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinRules } from 'eslint/use-at-your-own-risk';

const root = dirname(fileURLToPath(import.meta.url));
const readJson = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
const workspaces = readJson('.').workspaces;
/** Each workspace folder's package name ('libs/db' → '@planejador/db'). */
const packageNames = new Map(workspaces.map((dir) => [dir, readJson(dir).name]));

/** The workspace folder ('libs/db', 'api') that holds an absolute path, or null outside all of them. */
function packageOf(path) {
  const inRepo = relative(root, path).split(sep).join('/');
  return workspaces.find((dir) => inRepo === dir || inRepo.startsWith(`${dir}/`)) ?? null;
}

/** The string of a module specifier written as a literal or a template without expressions, else null. */
function specifierOf(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const isRequire = (node) => node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1;

/**
 * Listeners calling `found(node, specifier, kind)` for every way a TypeScript file names a module. `kind` is
 * 'static' (import, export … from, import x = require()), 'dynamic' (import(), require()) or 'type' (a type's
 * `import('…')`): no-restricted-imports sees only the first.
 */
function moduleReferences(found) {
  const statically = (node) => {
    const specifier = specifierOf(node.source);
    if (specifier !== null) found(node, specifier, 'static');
  };
  return {
    ImportDeclaration: statically,
    ExportNamedDeclaration: statically,
    ExportAllDeclaration: statically,
    TSImportEqualsDeclaration(node) {
      const specifier = node.moduleReference.type === 'TSExternalModuleReference' ? specifierOf(node.moduleReference.expression) : null;
      if (specifier !== null) found(node, specifier, 'static');
    },
    ImportExpression(node) {
      const specifier = specifierOf(node.source);
      if (specifier !== null) found(node, specifier, 'dynamic');
    },
    CallExpression(node) {
      const specifier = isRequire(node) ? specifierOf(node.arguments[0]) : null;
      if (specifier !== null) found(node, specifier, 'dynamic');
    },
    TSImportType(node) {
      const specifier = specifierOf(node.source ?? node.argument?.literal);
      if (specifier !== null) found(node, specifier, 'type');
    },
  };
}

// no-restricted-imports, for the module references it does not see: `import('pg')`, `require('pg')` and a type's
// `import('pg').Pool`. Same options and messages: a block gives both rules the same ones (see eslint.config.mjs).
const coreRestrictedImports = builtinRules.get('no-restricted-imports');
const noRestrictedDynamicImports = {
  meta: { ...coreRestrictedImports.meta, docs: { description: 'no-restricted-imports for import(), require() and import types' } },
  create(context) {
    const core = coreRestrictedImports.create(context);
    if (!core.ImportDeclaration) return {};
    return moduleReferences((node, specifier, kind) => {
      if (kind === 'static') return;
      // Checked as `import * as … from` the module (a type's only as a type): all of it is in hand, so a ban of some
      // of its names (importNames) refuses it too.
      const importKind = kind === 'type' ? 'type' : 'value';
      const all = { type: 'ImportNamespaceSpecifier', importKind, local: { type: 'Identifier', name: '*' }, loc: node.loc, range: node.range };
      const asImport = { type: 'ImportDeclaration', importKind, source: { type: 'Literal', value: specifier }, specifiers: [all] };
      core.ImportDeclaration({ ...asImport, loc: node.loc, range: node.range, parent: node.parent });
    });
  },
};

// A package is used by its name, that is by its entry (the index its package.json names): never a path into it,
// neither `@planejador/db/src/database` nor `@planejador/db/dist/…` nor a relative path that leaves the importing
// package for another one. scripts/ is the exception: a package of commands without an entry, whose launch helpers
// (redis-server, embedded-postgres, admin) the api's and the worker's tests run by path.
const entryOnlyMessage = (name) => `Importe ${name} pela entrada do pacote (o index que o package.json nomeia), nunca um caminho para dentro dele.`;
const packageEntryOnly = {
  meta: { type: 'problem', docs: { description: 'packages of the project are imported by their entry only' }, schema: [] },
  create(context) {
    const file = context.physicalFilename;
    const own = packageOf(file);
    return moduleReferences((node, specifier) => {
      const deep = /^(@planejador\/[^/]+)\/./.exec(specifier);
      if (deep) return context.report({ node, message: entryOnlyMessage(deep[1]) });
      if (!specifier.startsWith('.')) return;
      const target = packageOf(resolve(dirname(file), specifier));
      if (target && target !== own && target !== 'scripts') context.report({ node, message: entryOnlyMessage(packageNames.get(target)) });
    });
  },
};

// Repositories are defined in libs/db only: elsewhere a class never extends one of its classes (the Repository base,
// no longer exported, or a repository such as PlanosRepository, whose protected `em`, `ownEm` and `pool` would hand
// the subclass a connection). Followed through renames, namespaces, variables, awaits and mixin calls.
const fromLibsDb = (specifier, file) =>
  /^@planejador\/db(\/|$)/.test(specifier) || (specifier.startsWith('.') && packageOf(resolve(dirname(file), specifier)) === 'libs/db');
/** The module an import binding comes from (`import … from`, or TypeScript's `import x = require(…)`). */
const importedFrom = (def) => {
  const declaration = def.node.type === 'TSImportEqualsDeclaration' ? def.node : def.parent;
  return (declaration.source ? specifierOf(declaration.source) : specifierOf(declaration.moduleReference?.expression)) ?? '';
};
const noDbSubclass = {
  meta: {
    type: 'problem',
    docs: { description: 'no class outside libs/db extends a class of libs/db' },
    schema: [],
    messages: { subclass: 'Repositório só se define em libs/db: fora dele nenhuma classe estende uma classe de @planejador/db (injete o repositório e chame seus métodos).' },
  },
  create(context) {
    const file = context.physicalFilename;
    const sourceCode = context.sourceCode;
    const comesFromDb = (node, seen) => {
      if (!node || seen.has(node)) return false;
      seen.add(node);
      switch (node.type) {
        case 'Identifier': {
          let scope = sourceCode.getScope(node);
          let variable = null;
          for (; scope && !variable; scope = scope.upper) variable = scope.set.get(node.name) ?? null;
          return (variable?.defs ?? []).some((def) =>
            def.type === 'ImportBinding' ? fromLibsDb(importedFrom(def), file) : def.type === 'Variable' && comesFromDb(def.node.init, seen),
          );
        }
        case 'MemberExpression':
          return comesFromDb(node.object, seen);
        case 'ImportExpression':
          return fromLibsDb(specifierOf(node.source) ?? '', file);
        case 'CallExpression':
          return isRequire(node) ? fromLibsDb(specifierOf(node.arguments[0]) ?? '', file) : [node.callee, ...node.arguments].some((n) => comesFromDb(n, seen));
        case 'AwaitExpression':
        case 'SpreadElement':
          return comesFromDb(node.argument, seen);
        case 'ChainExpression':
        case 'TSAsExpression':
        case 'TSNonNullExpression':
        case 'TSSatisfiesExpression':
          return comesFromDb(node.expression, seen);
        case 'ConditionalExpression':
          return comesFromDb(node.consequent, seen) || comesFromDb(node.alternate, seen);
        case 'LogicalExpression':
          return comesFromDb(node.left, seen) || comesFromDb(node.right, seen);
        default:
          return false;
      }
    };
    const check = (node) => {
      if (node.superClass && comesFromDb(node.superClass, new Set())) context.report({ node: node.superClass, messageId: 'subclass' });
    };
    return { ClassDeclaration: check, ClassExpression: check };
  },
};

export const planejador = {
  rules: {
    'no-restricted-dynamic-imports': noRestrictedDynamicImports,
    'package-entry-only': packageEntryOnly,
    'no-db-subclass': noDbSubclass,
  },
};

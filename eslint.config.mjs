// The boundaries of the project conventions (layout and imports), checked by the machine (issue 18): who may import whom, no import
// cycles, and React's rules of hooks. `npm run lint` (and `npm test`, before the suites) fails on any of them.
import { readdirSync, readFileSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { planejador } from './eslint-walls.mjs';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const LIBS = ['contracts', 'config', 'db', 'queue', 'curriculum', 'ai', 'documents', 'mail', 'testing'];
const serverLibs = LIBS.filter((lib) => lib !== 'contracts').map((lib) => `@planejador/${lib}`);
// A folder and what is under it ('../api/src' as well as '../api/src/main').
const under = (...folders) => folders.flatMap((folder) => [folder, `${folder}/**`]);
const apps = (...names) => names.flatMap((name) => [...under(`**/${name}/src`, `**/${name}/test`, `**/${name}/dist`), `@planejador/${name}`]);

// The entity classes of libs/db (its ENTITIES list): api and worker use them as types only, never to query.
const entityClasses = readFileSync(new URL('./libs/db/src/entities/index.ts', import.meta.url), 'utf8')
  .match(/ENTITIES = \[([^\]]*)\]/)[1]
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

// Data access lives in libs/db (issue 25): api and worker reach PostgreSQL only through its repository classes and
// Database.transaction, so their source imports no database client at all, not even as a type (a plain import ban:
// without an EntityManager or a pool in hand there is nothing to query with, whatever the variable is called).
const dbClientMessage = 'O banco fica em libs/db: api e worker injetam as classes de repositório (e o Database para uma transação).';
const dbImports = {
  paths: [{ name: 'pg', message: dbClientMessage }],
  patterns: [{ group: ['@mikro-orm/*', 'pg', 'pg/*', 'pg-*', 'knex', 'knex/*', 'postgres'], message: dbClientMessage }],
};
// What of libs/db would hand them a connection or a query builder anyway: the ORM's configuration, a pg pool, the
// entity classes as values (as types they are the domain's shapes).
const dbInternals = [...entityClasses, 'ENTITIES', 'ormConfig', 'createPgPool', 'MikroORM'];
const dbInternalsBan = {
  name: '@planejador/db',
  importNames: dbInternals,
  allowTypeImports: true,
  message: 'Das entidades só o tipo (import type); conexões e consultas ficam nos repositórios de libs/db.',
};

// A module ban holds for every way to name the module: no-restricted-imports sees import and export … from, and
// planejador/no-restricted-dynamic-imports (eslint-walls.mjs), with the same options, sees import('…'), require('…')
// and a type's import('…') (an `await import('pg')` got past the database ban before it).
const restrictImports = (options) => ({ 'no-restricted-imports': ['error', options], 'planejador/no-restricted-dynamic-imports': ['error', options] });

// What no web file may import, by package name or by a relative path into server code (sources or builds).
const webOnlyContracts = [
  { group: serverLibs, message: 'A web só importa @planejador/contracts.' },
  {
    group: [...apps('api', 'worker'), ...under('**/libs/*/src', '**/libs/*/dist'), '!**/libs/contracts/src', '!**/libs/contracts/src/**'],
    message: 'A web só importa @planejador/contracts.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'web/dist/**', 'coverage/**', 'artifacts/**', '.ci/**', 'bench/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX, planejador },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Resolves '@/…' (web) and relative imports as TypeScript does; other packages count as external.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['web/tsconfig.json'] }), importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // A cycle between modules of the same package (packages import each other only by name); a cycle between
      // packages is found from their package.json by scripts/src/package-cycles.ts, a check of `npm test`.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A package of the project is imported by its name (its entry), never by a path into its src/ or dist/, from
      // apps, libs, web and tests alike.
      'planejador/package-entry-only': 'error',
    },
  },
  {
    // Only libs/db defines repositories: nowhere else does a class extend one of its classes (the Repository base is
    // not exported; a repository's subclass would reach its protected EntityManager and pool).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['libs/db/**'],
    rules: { 'planejador/no-db-subclass': 'error' },
  },
  {
    // An import, a variable or a function nobody uses is dead code, or a sign that a change was left half-done.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true, varsIgnorePattern: '^_' }],
    },
  },
  {
    // MikroORM's bidirectional relations (a plan and its lessons) name each other through lazy callbacks.
    files: ['libs/db/src/entities/**/*.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // The web bundles only what a browser may run: the shared contracts, never server code.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      ...restrictImports({ patterns: webOnlyContracts }),
    },
  },
  {
    // The same walls by where the imported file is, not how its path is written (a relative '../../plans/…' too):
    // a feature imports no other feature, and shared code (components, hooks, lib) imports no feature.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Uma feature não importa outra: mova o que é comum para components/, hooks/ ou lib/.',
            })),
            {
              target: ['./web/src/components', './web/src/hooks', './web/src/lib'],
              from: './web/src/features',
              message: 'O código comum (components/, hooks/, lib/) não importa uma feature.',
            },
            {
              // The app shell (router, providers, layout) mounts the features; they and shared code never import it.
              target: ['./web/src/features', './web/src/components', './web/src/hooks', './web/src/lib'],
              from: './web/src/app',
              message: 'Features e código comum (components/, hooks/, lib/) não importam web/src/app: é o app que os monta.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...[
    // The api enqueues, the worker works: neither imports the other, nor the web; and the api never calls the AI,
    // renders a .docx or sends mail itself (the worker's libs).
    {
      app: 'api',
      others: [...apps('worker', 'web'), '@planejador/ai', '@planejador/documents', '@planejador/mail'],
      message: 'A api nunca importa o worker nem a web, nem chama a IA, gera .docx ou envia e-mail: ela enfileira, o worker trabalha.',
    },
    { app: 'worker', others: apps('api', 'web'), message: 'O worker nunca importa a api nem a web.' },
  ].flatMap(({ app, others, message }) => [
    {
      // No file of the app imports a database client, its tests included (they open the test database through
      // libs/testing); its source is held to more below.
      files: [`${app}/**/*.ts`],
      rules: restrictImports({ paths: dbImports.paths, patterns: [{ group: others, message }, ...dbImports.patterns] }),
    },
    {
      // Its source, unit tests included, reaches the database through libs/db's repository classes only.
      files: [`${app}/src/**/*.ts`],
      plugins: { '@typescript-eslint': tseslint.plugin },
      rules: {
        // A block's options replace the app-wide ones: the app's own ban stays.
        'no-restricted-imports': ['error', { paths: dbImports.paths, patterns: [{ group: others, message }, ...dbImports.patterns] }],
        '@typescript-eslint/no-restricted-imports': ['error', { paths: [dbInternalsBan] }],
        // On demand, libs/db comes whole (`(await import('@planejador/db')).ormConfig`): refused as a value.
        'planejador/no-restricted-dynamic-imports': ['error', { paths: [...dbImports.paths, dbInternalsBan], patterns: [{ group: others, message }, ...dbImports.patterns] }],
      },
    },
  ]),
  {
    // A repository's SQL runs on its EntityManager (em.execute), which carries the open transaction; the connection's
    // own execute (em.getConnection().execute) takes a pooled connection outside it, and a row it locks can wait
    // forever on the transaction that called it.
    files: ['libs/db/src/repositories/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='getConnection']", message: 'Use em.execute: a consulta de em.getConnection() roda fora da transação aberta.' },
      ],
    },
  },
  {
    // Libraries never import apps.
    files: ['libs/**/*.ts'],
    rules: restrictImports({ patterns: [{ group: apps('api', 'worker', 'web'), message: 'Uma lib nunca importa api, worker ou web.' }] }),
  },
  {
    // The contracts are what the web bundles: they import no other package of ours.
    files: ['libs/contracts/**/*.ts'],
    rules: restrictImports({ patterns: [{ group: [...serverLibs, ...apps('api', 'worker', 'web')], message: 'libs/contracts não importa outros pacotes do projeto.' }] }),
  },
);

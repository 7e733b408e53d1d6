import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { repoRoot } from './paths';

/**
 * Probes of the import walls of eslint.config.mjs (and of its own rules, eslint-walls.mjs), as a careless change
 * would write them: each is linted as a file at that place in the repository (from memory; nothing is written) and
 * must be refused by the rule named, or, for the controls, pass.
 */
interface Probe {
  file: string;
  source: string;
}

// One ESLint, started once for the whole file in a child process of its own (ESLint loads eslint.config.mjs by an
// import() that jest's module sandbox cannot run): its start (the config, the plugins, the TypeScript resolver) is
// most of what a probe costs, so every probe of every test is linted by the same instance, a batch a line of stdin,
// answered by a line of stdout in the same order.
const LINT_SERVER = `
const { ESLint } = require('eslint');
const { createInterface } = require('node:readline');
const eslint = new ESLint();
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  queue = queue.then(async () => {
    try {
      const rules = [];
      for (const { file, source } of JSON.parse(line)) {
        const [result] = await eslint.lintText(source, { filePath: file });
        rules.push(result.messages.map((m) => m.ruleId ?? m.message));
      }
      process.stdout.write(JSON.stringify({ rules }) + '\\n');
    } catch (error) {
      process.stdout.write(JSON.stringify({ error: String(error && error.stack ? error.stack : error) }) + '\\n');
    }
  });
});`;

interface Batch {
  resolve: (rules: string[][]) => void;
  reject: (error: Error) => void;
}

let server: ChildProcessWithoutNullStreams;
const waiting: Batch[] = [];
let stderr = '';

beforeAll(() => {
  server = spawn(process.execPath, ['-e', LINT_SERVER], { cwd: repoRoot });
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  createInterface({ input: server.stdout }).on('line', (line) => {
    const answer = JSON.parse(line) as { rules?: string[][]; error?: string };
    const batch = waiting.shift();
    if (answer.rules) batch?.resolve(answer.rules);
    else batch?.reject(new Error(`eslint failed on the probes: ${answer.error}`));
  });
  server.on('exit', (code, signal) => {
    for (const batch of waiting.splice(0)) batch.reject(new Error(`eslint stopped (${signal ?? code}) before answering: ${stderr}`));
  });
});

afterAll(() => {
  server.stdin.end();
  server.kill();
});

/** The rules (or messages) each probe is refused with, in the probes' order. */
function lintAll(probes: Probe[]): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    if (server.exitCode !== null || server.signalCode !== null) return reject(new Error(`eslint stopped: ${stderr}`));
    waiting.push({ resolve, reject });
    server.stdin.write(`${JSON.stringify(probes.map(({ file, source }) => ({ file: join(repoRoot, file), source })))}\n`);
  });
}

const lint = async (file: string, source: string): Promise<string[]> => (await lintAll([{ file, source }]))[0];

/** The probes that `rule` lets pass, each as `file: source` (a wall with a hole lists them). */
async function notRefused(rule: string, probes: Probe[]): Promise<string[]> {
  const rules = await lintAll(probes);
  return probes.filter((_, i) => !rules[i].includes(rule)).map(({ file, source }) => `${file}: ${source}`);
}

/** The probes refused at all, each with the rules that refuse it (a control lists none). */
async function refused(probes: Probe[]): Promise<string[]> {
  const rules = await lintAll(probes);
  return probes.flatMap(({ file, source }, i) => (rules[i].length > 0 ? [`${file}: ${source} → ${rules[i].join(', ')}`] : []));
}

/** Each source as a probe at each of the files. */
const everywhere = (files: string[], sources: string[]): Probe[] => files.flatMap((file) => sources.map((source) => ({ file, source })));

describe('the import walls hold by structure, not by how a path is written', () => {
  const use = (what: string) => `${what}\nexport const probe = String(x);\n`;
  const at = (file: string, what: string): Probe => ({ file, source: use(what) });

  it.each([
    ['a relative import of another feature', 'web/src/features/coverage/components/probe.ts', "import { LessonCard as x } from '../../plans/components/lesson-card';"],
    ['an alias import of another feature', 'web/src/features/coverage/probe.ts', "import { LessonCard as x } from '@/features/plans/components/lesson-card';"],
    ['shared lib code importing a feature', 'web/src/lib/probe.ts', "import { LessonCard as x } from '../features/plans/components/lesson-card';"],
    ['a shared component importing a feature', 'web/src/components/probe.ts', "import { LessonCard as x } from '@/features/plans/components/lesson-card';"],
  ])('refuses %s', async (_what, file, source) => {
    expect(await lint(file, use(source))).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('refuses server code in the web, and the ORM in the api', async () => {
    expect(await lint('web/src/lib/probe.ts', use("import { ormConfig as x } from '@planejador/db';"))).toContain('no-restricted-imports');
    expect(await lint('api/src/probe.ts', use("import { wrap as x } from '@mikro-orm/core';"))).toContain('no-restricted-imports');
  }, 60_000);

  // The four probes that once got past the database ban (a renamed handle, pool.query, new Client(), a transaction's
  // getConnection().execute), and what of libs/db would hand out a connection, in the api's and the worker's source.
  it.each([
    ['a renamed EntityManager', "import { EntityManager as Handle } from '@mikro-orm/postgresql';\nconst x = (h: Handle) => h.getConnection();"],
    ['a pg pool', "import { Pool } from 'pg';\nconst x = (p: Pool) => p.query('select 1');"],
    ['a pg client', "import { Client } from 'pg';\nconst x = () => new Client();"],
    ['a transaction as a type only', "import type { EntityManager } from '@mikro-orm/core';\nconst x = (t: EntityManager) => t.getConnection().execute('select 1');"],
    ['the ORM configuration', "import { ormConfig } from '@planejador/db';\nconst x = ormConfig;"],
    ['a pool from libs/db', "import { createPgPool } from '@planejador/db';\nconst x = createPgPool;"],
    ['an entity class as a value', "import { PlanoAula } from '@planejador/db';\nconst x = PlanoAula;"],
  ])('refuses %s in the api and the worker', async (_what, source) => {
    for (const file of ['api/src/planos/probe.ts', 'worker/src/generation/probe.ts']) {
      const rules = await lint(file, `${source}\nexport const probe = String(x);\n`);
      expect(rules.some((rule) => rule.endsWith('no-restricted-imports'))).toBe(true);
    }
  }, 60_000);

  it("refuses a database client in the api's and the worker's tests too (they open the test database through libs/testing)", async () => {
    for (const file of ['api/test/probe.int-spec.ts', 'worker/test/probe.int-spec.ts']) {
      expect(await lint(file, "import { Pool } from 'pg';\nexport const probe = String(Pool);\n")).toContain('no-restricted-imports');
      expect(await lint(file, "import { MikroORM } from '@mikro-orm/postgresql';\nexport const probe = String(MikroORM);\n")).toContain('no-restricted-imports');
      expect(await lint(file, "import { openTestPool } from '@planejador/testing';\nexport const probe = String(openTestPool);\n")).toEqual([]);
    }
  }, 60_000);

  it('lets the api and the worker use the repository classes, the Database and entity types (the controls)', async () => {
    const source = "import { Database, PlanosRepository, type PlanoAula } from '@planejador/db';\nconst x = [Database, PlanosRepository] as unknown as PlanoAula;";
    expect(await lint('api/src/planos/probe.ts', `${source}\nexport const probe = String(x);\n`)).toEqual([]);
    expect(await lint('worker/src/generation/probe.ts', `${source}\nexport const probe = String(x);\n`)).toEqual([]);
  }, 60_000);

  it("lets a feature import its own files and shared code (the controls)", async () => {
    expect(await lint('web/src/features/plans/probe.ts', use("import { LessonCard as x } from './components/lesson-card';"))).toEqual([]);
    expect(await lint('web/src/features/plans/probe.ts', use("import { Button as x } from '@/components/ui/button';"))).toEqual([]);
  }, 60_000);

  // Only libs/db defines repositories: its Repository base is not exported, and no class elsewhere extends a class of
  // libs/db (a repository's subclass reaches its protected EntityManager and pool), however that class is reached.
  const subclasses = [
    "import { Repository } from '@planejador/db';\nconst x = class Mine extends Repository {};",
    "import { PlanosRepository } from '@planejador/db';\nclass Mine extends PlanosRepository {\n  rows() {\n    return this.em.execute('select 1');\n  }\n}\nconst x = Mine;",
    "import { PlanosRepository as Base } from '@planejador/db';\nconst x = class extends Base {};",
    "import * as db from '@planejador/db';\nconst Base = db.UsersRepository;\nconst x = class extends Base {};",
    "const x = async () => {\n  const { TurmasRepository } = await import('@planejador/db');\n  return class extends TurmasRepository {};\n};",
  ].map(use);

  it('refuses a subclass of a libs/db class (the Repository base, a repository, renamed or through a namespace, a variable or an import()) in the api, the worker and their tests', async () => {
    const files = ['api/src/planos/probe.ts', 'worker/src/generation/probe.ts', 'api/test/probe.int-spec.ts', 'worker/test/probe.int-spec.ts'];
    expect(await notRefused('planejador/no-db-subclass', everywhere(files, subclasses))).toEqual([]);
  }, 60_000);

  it('lets the api inject a repository and subclass anything else (the controls)', async () => {
    const source = "import { PlanosRepository } from '@planejador/db';\nclass Service {\n  constructor(readonly planos: PlanosRepository) {}\n}\nclass Failure extends Error {}\nconst x = [Service, Failure];";
    expect(await refused(everywhere(['api/src/planos/probe.ts', 'worker/src/generation/probe.ts'], [use(source)]))).toEqual([]);
  }, 60_000);

  // A package of the project is used by its entry only: no path into its src/ or dist/, by its name or by a relative
  // path that leaves the importing package (however many '../' it takes), statically or on demand.
  it('refuses a deep import into a package, from apps, libs, web and tests alike', async () => {
    const byName = ["import { Database as x } from '@planejador/db/src/database';", "import { Database as x } from '@planejador/db/dist/database';"].map(use);
    const probes = [
      ...everywhere(['api/src/planos/probe.ts', 'worker/src/generation/probe.ts', 'api/test/probe.int-spec.ts', 'libs/curriculum/src/probe.ts', 'libs/testing/src/probe.ts'], byName),
      ...everywhere(['web/src/lib/probe.ts', 'web/e2e/probe.e2e-spec.ts'], [use("import { MSG as x } from '@planejador/contracts/src/messages';")]),
      at('worker/src/export/probe.ts', "const x = () => import('@planejador/queue/src/names');"),
      at('api/test/probe.int-spec.ts', "const x = require('@planejador/testing/dist/fake-ai') as unknown;"),
      at('libs/ai/src/probe.spec.ts', "import { startFakeAi as x } from '../../testing/src/fake-ai';"),
      at('worker/test/probe.int-spec.ts', "import { testCurriculumDir as x } from '../../libs/testing/src/jest/curriculum-fixture';"),
      at('libs/documents/src/probe.ts', "import { createLessonGenerator as x } from '../../ai/src/lesson-generator.factory';"),
    ];
    expect(await notRefused('planejador/package-entry-only', probes)).toEqual([]);
  }, 60_000);

  it("lets a package import another by its name and its own files by path (the controls)", async () => {
    expect(
      await refused([
        at('libs/ai/src/probe.spec.ts', "import { startFakeAi as x } from '@planejador/testing';"),
        at('libs/documents/src/probe.ts', "import { createLessonGenerator as x } from '@planejador/ai';"),
        at('libs/db/src/repositories/probe.ts', "import { emOf as x } from '../database';"),
        at('web/src/lib/probe.ts', "import { MSG as x } from '@planejador/contracts';"),
      ]),
    ).toEqual([]);
  }, 60_000);

  // The app shell (web/src/app: router, providers, layout) mounts the features: they and the shared code never
  // import it, by a relative path, the '@/app' alias or on demand.
  it('refuses a web feature or shared code importing web/src/app', async () => {
    expect(
      await notRefused('import-x/no-restricted-paths', [
        at('web/src/features/plans/probe.ts', "import { routes as x } from '@/app/router';"),
        at('web/src/features/plans/components/probe.ts', "import { RootLayout as x } from '../../../app/root-layout';"),
        at('web/src/components/probe.ts', "import { AppProviders as x } from '@/app/providers';"),
        at('web/src/hooks/probe.ts', "import { captureError as x } from '../app/error-reporting';"),
        at('web/src/lib/probe.ts', "const x = () => import('@/app/shell/app-shell');"),
      ]),
    ).toEqual([]);
  }, 60_000);

  it('lets the app shell import the features (the control)', async () => {
    expect(await refused([at('web/src/app/probe.ts', "import { LessonCard as x } from '@/features/plans/components/lesson-card';")])).toEqual([]);
  }, 60_000);

  // The bans of no-restricted-imports hold for a module named on demand too (no-restricted-imports sees only import
  // and export … from): a database client in the api and the worker, source and tests, and server code in the web.
  it("refuses import('pg'), require('pg') and a type's import('pg') (and the ORM, knex, pg-*) in the api and the worker, source and tests", async () => {
    const sources = [
      "const x = async () => (await import('pg')).Pool;",
      "const x = () => require('pg') as unknown;",
      "const x = () => import('@mikro-orm/postgresql');",
      "const x = () => require('knex') as unknown;",
      'const x = () => import(`pg-cursor`);',
      "type Pool = import('pg').Pool;\nconst x = (pool: Pool) => pool.query('select 1');",
    ].map(use);
    const files = ['api/src/planos/probe.ts', 'worker/src/generation/probe.ts', 'api/test/probe.int-spec.ts', 'worker/test/probe.int-spec.ts'];
    const probes = [
      ...everywhere(files, sources),
      // libs/db on demand comes whole, its ORM configuration and entity classes with it.
      ...everywhere(['api/src/planos/probe.ts', 'worker/src/generation/probe.ts'], [use("const x = async () => (await import('@planejador/db')).ormConfig;")]),
      at('web/src/lib/probe.ts', "const x = () => import('@planejador/db');"),
    ];
    expect(await notRefused('planejador/no-restricted-dynamic-imports', probes)).toEqual([]);
  }, 60_000);

  it('lets the api and the worker import their own code and the test helpers on demand, and name an entity type by import() (the controls)', async () => {
    expect(
      await refused([
        at('api/src/planos/probe.ts', "const x = () => import('./planos.service');"),
        at('worker/src/generation/probe.ts', "type Plano = import('@planejador/db').PlanoAula;\nconst x = (plano: Plano) => plano.id;"),
        at('worker/test/probe.int-spec.ts', "const x = () => import('@planejador/testing');"),
      ]),
    ).toEqual([]);
  }, 60_000);
});

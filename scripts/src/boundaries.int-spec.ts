import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths';

/**
 * Probes of the import walls of eslint.config.mjs, as a careless change would write them: each is linted as a file
 * at that place in the repository (given on stdin; nothing is written) and must be refused by the rule named, or,
 * for the controls, pass.
 */
function lint(file: string, source: string): string[] {
  const eslint = join(repoRoot, 'node_modules', 'eslint', 'bin', 'eslint.js');
  const run = spawnSync(process.execPath, [eslint, '--format', 'json', '--stdin', '--stdin-filename', join(repoRoot, file)], {
    cwd: repoRoot,
    input: source,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout || '[]') as { messages: { ruleId: string | null; message: string }[] }[];
  if (!result) throw new Error(`eslint gave no result for ${file}: ${run.stderr}`);
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('the import walls hold by structure, not by how a path is written', () => {
  const use = (what: string) => `${what}\nexport const probe = String(x);\n`;

  it.each([
    ['a relative import of another feature', 'web/src/features/coverage/components/probe.ts', "import { LessonCard as x } from '../../plans/components/lesson-card';"],
    ['an alias import of another feature', 'web/src/features/coverage/probe.ts', "import { LessonCard as x } from '@/features/plans/components/lesson-card';"],
    ['shared lib code importing a feature', 'web/src/lib/probe.ts', "import { LessonCard as x } from '../features/plans/components/lesson-card';"],
    ['a shared component importing a feature', 'web/src/components/probe.ts', "import { LessonCard as x } from '@/features/plans/components/lesson-card';"],
  ])('refuses %s', (_what, file, source) => {
    expect(lint(file, use(source))).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('refuses server code in the web, and the ORM in the api', () => {
    expect(lint('web/src/lib/probe.ts', use("import { ormConfig as x } from '@planejador/db';"))).toContain('no-restricted-imports');
    expect(lint('api/src/probe.ts', use("import { wrap as x } from '@mikro-orm/core';"))).toContain('no-restricted-imports');
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
  ])('refuses %s in the api and the worker', (_what, source) => {
    for (const file of ['api/src/planos/probe.ts', 'worker/src/generation/probe.ts']) {
      const rules = lint(file, `${source}\nexport const probe = String(x);\n`);
      expect(rules.some((rule) => rule.endsWith('no-restricted-imports'))).toBe(true);
    }
  }, 60_000);

  it("refuses a database client in the api's and the worker's tests too (they open the test database through libs/testing)", () => {
    for (const file of ['api/test/probe.int-spec.ts', 'worker/test/probe.int-spec.ts']) {
      expect(lint(file, "import { Pool } from 'pg';\nexport const probe = String(Pool);\n")).toContain('no-restricted-imports');
      expect(lint(file, "import { MikroORM } from '@mikro-orm/postgresql';\nexport const probe = String(MikroORM);\n")).toContain('no-restricted-imports');
      expect(lint(file, "import { openTestPool } from '@planejador/testing';\nexport const probe = String(openTestPool);\n")).toEqual([]);
    }
  }, 60_000);

  it('lets the api and the worker use the repository classes, the Database and entity types (the controls)', () => {
    const source = "import { Database, PlanosRepository, type PlanoAula } from '@planejador/db';\nconst x = [Database, PlanosRepository] as unknown as PlanoAula;";
    expect(lint('api/src/planos/probe.ts', `${source}\nexport const probe = String(x);\n`)).toEqual([]);
    expect(lint('worker/src/generation/probe.ts', `${source}\nexport const probe = String(x);\n`)).toEqual([]);
  }, 60_000);

  it("lets a feature import its own files and shared code (the controls)", () => {
    expect(lint('web/src/features/plans/probe.ts', use("import { LessonCard as x } from './components/lesson-card';"))).toEqual([]);
    expect(lint('web/src/features/plans/probe.ts', use("import { Button as x } from '@/components/ui/button';"))).toEqual([]);
  }, 60_000);
});

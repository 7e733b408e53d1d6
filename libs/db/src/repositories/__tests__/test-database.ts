import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Pool } from 'pg';
import { Database } from '../../database';
import { copyDatabase, dropDatabase } from '../../database-url';
import { Aula, PlanoAula, Turma, User } from '../../entities';
import { ormConfig } from '../../orm.config';

/**
 * A migrated database of its own, with no curriculum, for one repository test file (the repositories' statements
 * run against the real PostgreSQL): the Database the repositories are built on, MikroORM and a pg pool on it for the
 * tests' own checks, and small factories with overrides.
 */
export interface TestDatabase {
  databaseUrl: string;
  /** What `new XRepository(db.database)` runs on, as in the api and the worker. */
  database: Database;
  orm: MikroORM;
  pool: Pool;
  user(overrides?: Partial<Pick<User, 'email' | 'credits' | 'role' | 'firstName'>>): Promise<User>;
  turma(userId: string, overrides?: Partial<Pick<Turma, 'numero' | 'escola' | 'ano' | 'etapa'>>): Promise<Turma>;
  plano(userId: string, turmaId: string, overrides?: Partial<Pick<PlanoAula, 'generationState' | 'status' | 'trimestre' | 'temaPrincipal'>>): Promise<PlanoAula>;
  aula(planoId: string, overrides?: Partial<Pick<Aula, 'numeroAula' | 'generationState' | 'habilidadeCodes' | 'objetivos' | 'regeneracoes' | 'titulo'>>): Promise<Aula>;
  close(): Promise<void>;
}

export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  // A copy of the run's empty template (libs/testing's global-setup), named after the run: its teardown drops it
  // even when close() never runs.
  const template = process.env.TEST_EMPTY_DATABASE_TEMPLATE;
  if (!template || !process.env.TEST_RUN_ID) throw new Error('TEST_EMPTY_DATABASE_TEMPLATE is set by the integration project\'s global-setup.');
  const databaseUrl = template.replace(/[^/]+$/, `${process.env.TEST_RUN_ID}_${prefix}_${randomBytes(4).toString('hex')}`);
  await copyDatabase(template, databaseUrl);
  const database = await Database.connect({ databaseUrl, poolMax: 3, statementPoolMax: 2 });
  const orm = await MikroORM.init(ormConfig({ databaseUrl, poolMax: 3 }));
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  return {
    databaseUrl,
    database,
    orm,
    pool,
    user: (overrides = {}) => {
      const em = orm.em.fork();
      const user = em.create(User, { email: `${randomBytes(6).toString('hex')}@teste.dev`, password: 'not-a-real-hash', ...overrides });
      return em.flush().then(() => user);
    },
    turma: (userId, overrides = {}) => {
      const em = orm.em.fork();
      const turma = em.create(Turma, { nomeProfessor: 'Ana', numero: '51', escola: 'Escola A', ano: '5', user: userId, ...overrides });
      return em.flush().then(() => turma);
    },
    plano: (userId, turmaId, overrides = {}) => {
      const em = orm.em.fork();
      // A trimestre given is the plan's period too (a trimestre calendar's).
      const period = overrides.trimestre ? { periodo: overrides.trimestre } : {};
      const plano = em.create(PlanoAula, { temaPrincipal: 'Frações', materiaGeral: 'matematica', turma: turmaId, user: userId, ...period, ...overrides });
      return em.flush().then(() => plano);
    },
    aula: (planoId, overrides = {}) => {
      const em = orm.em.fork();
      const aula = em.create(Aula, { plano: planoId, numeroAula: 1, materia: 'matematica', prompt: 'Frações equivalentes', ...overrides });
      return em.flush().then(() => aula);
    },
    close: async () => {
      await pool.end();
      await orm.close(true);
      await database.close();
      await dropDatabase(databaseUrl);
    },
  };
}

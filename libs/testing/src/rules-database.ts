/// <reference types="jest" />
import { randomBytes } from 'node:crypto';
import { TransactionContext, type EntityManager } from '@mikro-orm/postgresql';
import { turmaSchema, type GenerationState, type LessonContent, type PeriodoTipo, type PlanStatus, type Trimestre } from '@planejador/contracts';
import {
  CreditsRepository,
  Database,
  LessonContentRepository,
  PlanGenerationRepository,
  PlanosRepository,
  TurmasRepository,
  UsersRepository,
} from '@planejador/db';
import { turmaInput } from './factories';

/**
 * The rules tier (CONTRIBUTING.md, "Rodar"): services built on libs/db's real repositories over the test file's own
 * database (DATABASE_URL: a copy of the run's migrated template, with the curriculum), no process and no HTTP.
 *
 *   const db = useRulesDatabase();
 *   it('...', db.rolledBack(async () => { ... }));
 *
 * Each `rolledBack` test runs inside one transaction (Database.transaction) that is rolled back at its end: a
 * service's own transaction joins it, so whatever the test and the services write is gone afterwards and the tests
 * of a file never see each other's rows. The services take `rules.database`, whose transaction is a savepoint inside
 * the test's: a service that throws undoes what it wrote, as its own transaction would, so "refused and changed
 * nothing" is asserted as it happens in the api. Inside a test every statement runs at the transaction's one
 * `now()`. Reads on libs/db's statement pool (the plan list, class lists, coverage) run outside the transaction and
 * see only committed rows: arrange those in beforeAll, outside `rolledBack`, for a teacher of the file's own.
 */
export interface RulesDatabase {
  /**
   * The Database to build services on: the repositories' own, whose `transaction(fn)` runs `fn` in a savepoint of
   * the open test transaction (released when it resolves, rolled back when it throws).
   */
  readonly database: Database;
  /** One repository of each class on that Database (`new XRepository(database)`, made once). */
  repository<T>(repositoryClass: new (database: Database) => T): T;
  /** A jest test function running `fn` in a transaction that is rolled back when it ends (resolved or thrown). */
  rolledBack(fn: () => Promise<unknown>): () => Promise<void>;
  /**
   * SQL on the open `rolledBack` transaction, for what no repository does: moving a row's time back, counting a
   * table. `?` placeholders.
   */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A teacher (UsersRepository.insertUser), with `credits` set when given. */
  user(overrides?: { email?: string; firstName?: string; credits?: number }): Promise<{ id: string; email: string }>;
  /** A class of the teacher (TurmasRepository.insertTurma), turmaInput with these overrides. */
  turma(userId: string, overrides?: Record<string, unknown>): Promise<{ id: string; numero: string; ano: string }>;
  /** A plan of the teacher's class (PlanosRepository.insertPlanoWithAulas), generated to `state` (default done). */
  plano(userId: string, turmaId: string, options?: RulesPlanOptions): Promise<{ id: string; aulaIds: string[] }>;
}

export interface RulesPlanOptions {
  /** One lesson per prompt (default one). */
  aulas?: string[];
  /** 'queued' as asked for; 'done' (default): every lesson written and the plan ended, as by the worker. */
  state?: Extract<GenerationState, 'queued' | 'done'>;
  temaPrincipal?: string;
  materiaGeral?: string;
  trimestre?: Trimestre;
  /** The period of its year's kind (default: `trimestre`, else 1), that year (default: of dataInicio, else this one) and the kind (default trimestre). */
  periodo?: number;
  ano?: number;
  periodoTipo?: PeriodoTipo;
  trimestreEscolhido?: boolean;
  dataInicio?: string | null;
  dataFim?: string | null;
  /** A done plan's status after the teacher's edits (generated plans are 'gerado'). */
  status?: PlanStatus;
}

/** Thrown to end a rolledBack test's transaction with a rollback (caught there). */
const ROLLBACK = Symbol('rolled back');

/** The open transaction's EntityManager (Database.transaction runs its function in MikroORM's context). */
function openTransaction(): EntityManager {
  const em = TransactionContext.getEntityManager() as EntityManager | undefined;
  if (!em) throw new Error('useRulesDatabase: runs inside a rolledBack test');
  return em;
}

let savepoints = 0;

/**
 * `database` for services: its transaction joins the open one (Database.transaction), inside a savepoint of its own.
 * The EntityManager forgets what it loaded at both ends, as a request's own EntityManager would.
 */
function savepointed(database: Database): Database {
  const transaction = <T>(fn: () => Promise<T>): Promise<T> =>
    database.transaction(async () => {
      const em = openTransaction();
      const savepoint = `rules_${++savepoints}`;
      em.clear();
      await em.execute(`savepoint ${savepoint}`);
      try {
        const result = await fn();
        await em.execute(`release savepoint ${savepoint}`);
        return result;
      } catch (err) {
        await em.execute(`rollback to savepoint ${savepoint}`);
        throw err;
      } finally {
        em.clear();
      }
    });
  // The same Database (repositories and instanceof alike) but for its transaction.
  return Object.create(database, { transaction: { value: transaction } }) as Database;
}

/** A lesson's content as a generation writes it (five short fields, the codes given). */
export function lessonDraft(overrides: Partial<LessonContent> = {}): LessonContent {
  return {
    titulo: 'Frações no cotidiano',
    verificacao: null,
    habilidadeCodes: ['EF05MA03'],
    habilidades: '(EF05MA03) Identificar e representar frações.',
    objetivos: 'Reconhecer frações em situações do dia a dia.',
    objetosConhecimento: 'Frações',
    experiencias: '1. Roda de conversa sobre receitas.',
    evidencias: 'Registro das frações encontradas.',
    ...overrides,
  };
}

/**
 * The rules tier's database for one test file: opened in beforeAll on the file's DATABASE_URL, closed in afterAll.
 * Call it at the top of a describe (or of the file).
 */
export function useRulesDatabase(): RulesDatabase {
  let database: Database | undefined;
  let services: Database | undefined;
  const repositories = new Map<unknown, unknown>();
  beforeAll(async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error('DATABASE_URL is not set: the integration project gives each file its database');
    database = await Database.connect({ databaseUrl, poolMax: 2, statementPoolMax: 1 });
    services = savepointed(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  const rules: RulesDatabase = {
    get database() {
      if (!services) throw new Error('useRulesDatabase: the database opens in beforeAll');
      return services;
    },
    repository<T>(repositoryClass: new (db: Database) => T): T {
      if (!database) throw new Error('useRulesDatabase: the database opens in beforeAll');
      if (!repositories.has(repositoryClass)) repositories.set(repositoryClass, new repositoryClass(database));
      return repositories.get(repositoryClass) as T;
    },
    rolledBack: (fn) => async () => {
      try {
        await database!.transaction(async () => {
          await fn();
          throw ROLLBACK;
        });
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
    },
    sql: <T>(text: string, params: unknown[] = []) => openTransaction().execute<T[]>(text, params),
    user: async ({ credits, ...overrides } = {}) => {
      const user = await rules.repository(UsersRepository).insertUser({
        email: `prof.${randomBytes(6).toString('hex')}@escola.rs.gov.br`,
        passwordHash: 'not-a-real-hash',
        firstName: 'Ana',
        lastName: 'Souza',
        role: 'teacher',
        ...overrides,
      });
      if (credits !== undefined) await rules.repository(CreditsRepository).setUserCredits(user.id, credits);
      return { id: user.id, email: user.email };
    },
    turma: async (userId, overrides = {}) => {
      const turma = await rules.repository(TurmasRepository).insertTurma(userId, turmaSchema.parse(turmaInput({ numero: randomBytes(3).toString('hex'), ...overrides })));
      return { id: turma.id, numero: turma.numero, ano: turma.ano };
    },
    plano: (userId, turmaId, options = {}) => insertPlan((type) => rules.repository(type), userId, turmaId, options),
  };
  return rules;
}

/**
 * A plan of the teacher's class stored through the repositories (PlanosRepository.insertPlanoWithAulas), generated
 * to `state` (default done: every lesson written and the plan ended, as the worker leaves it): for tests that need
 * many plans, or plans in a state, without asking the api (whose per-user limits a test must not wait out).
 */
export async function insertPlan(
  repository: <T>(type: new (database: Database) => T) => T,
  userId: string,
  turmaId: string,
  options: RulesPlanOptions = {},
): Promise<{ id: string; aulaIds: string[] }> {
  const planos = repository(PlanosRepository);
  const { aulas = ['Frações com pizza'], state = 'done', status, ...fields } = options;
  const id = await planos.insertPlanoWithAulas(
    {
      temaPrincipal: fields.temaPrincipal ?? 'Frações na cozinha',
      materiaGeral: fields.materiaGeral ?? 'matematica',
      trimestre: fields.trimestre ?? 1,
      ...(fields.periodo !== undefined ? { periodo: fields.periodo } : {}),
      ...(fields.ano !== undefined ? { ano: fields.ano } : {}),
      ...(fields.periodoTipo !== undefined ? { periodoTipo: fields.periodoTipo } : {}),
      trimestreEscolhido: fields.trimestreEscolhido ?? false,
      dataInicio: fields.dataInicio ?? null,
      dataFim: fields.dataFim ?? null,
      duracaoAulaMin: null,
      limitOneSkill: true,
      preferirSeduc: true,
      nivelDetalhamento: 3,
      idempotencyKey: null,
      turmaId,
      userId,
    },
    aulas.map((prompt) => ({ materia: fields.materiaGeral ?? 'matematica', prompt, habilidadesFixadas: [] })),
  );
  const stored = (await planos.findPlanoWithAulas(id, userId))!;
  const aulaIds = stored.aulas.map((aula) => aula.id);
  if (state === 'done') {
    const generation = repository(PlanGenerationRepository);
    const content = repository(LessonContentRepository);
    await generation.markPlanRunning(id);
    for (const aulaId of aulaIds) await content.storeLessonContent({ aulaId, draft: lessonDraft(), origem: 'geracao', onlyIfNotDone: true });
    await generation.markPlanDone(id, 'offline');
    if (status && status !== 'gerado') {
      const done = (await planos.findPlanoWithAulas(id, userId))!;
      await planos.savePlanoEdits(id, { ...done, status }, []);
    }
  }
  return { id, aulaIds };
}

import type { GenerationState, Plano, PublicUser, Turma } from '@planejador/contracts';
import { TestClient, type TestResponse } from './http/test-client';
import { waitFor } from './wait';

/**
 * The one set of test factories: teachers, classes and plans made through the real HTTP api, each with overrides.
 * They take any client with a session: a TestClient, or a browser context's own requests (pageClient).
 */
export interface ApiClient {
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
}

export const PASSWORD = 'senha-segura-123';

let counter = 0;
/** A unique, valid e-mail for a test user (unique across processes too: time, counter and randomness). */
export function uniqueEmail(tag = 'prof'): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@escola.rs.gov.br`;
}

function expectStatus(res: TestResponse, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text.slice(0, 500)}`);
}

/** Registers a teacher through POST /api/register on `client`, which is signed in from then on. */
export async function registerTeacher(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<{ user: PublicUser; email: string }> {
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail();
  const res = await client.post<PublicUser>('/api/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ana',
    lastName: 'Souza',
    ...overrides,
  });
  expectStatus(res, 201, `sign up of ${email}`);
  return { user: res.body, email };
}

export interface Teacher {
  client: TestClient;
  user: PublicUser;
  email: string;
}

/** A new teacher, signed in on the returned cookie client of the api at `api` (its URL, or anything with one). */
export async function signUpTeacher(api: string | { url: string }, overrides: Record<string, unknown> = {}): Promise<Teacher> {
  const client = new TestClient(typeof api === 'string' ? api : api.url);
  return { client, ...(await registerTeacher(client, overrides)) };
}

/** The body of POST /api/turmas: a 5º ano class of an RS state school. */
export const turmaInput = (overrides: Record<string, unknown> = {}) => ({
  nomeProfessor: 'Ana Souza',
  numero: '51',
  escola: 'EEEF Tiradentes',
  ano: '5',
  estado: 'RS',
  instituicao: 'SEDUC-RS_2025',
  observacoesAdicionais: 'Turma participativa, gosta de jogos.',
  ...overrides,
});

/** A class created through POST /api/turmas by the teacher signed in on `client`. */
export async function createTurma(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<Turma> {
  const res = await client.post<Turma>('/api/turmas', turmaInput(overrides));
  expectStatus(res, 201, 'class creation');
  return res.body;
}

/** A teacher signed in on a cookie client, with one class (turmaInput with `turma` overrides). */
export async function teacherWithTurma(api: string | { url: string }, turma: Record<string, unknown> = {}): Promise<Teacher & { turma: Turma }> {
  const teacher = await signUpTeacher(api);
  return { ...teacher, turma: await createTurma(teacher.client, turma) };
}

/** A lesson of a generate request: its prompt, or the prompt with pinned skills or another subject. */
export type LessonRequest = string | { prompt: string; habilidadesFixadas?: string[]; materia?: string };

/** The body of POST /api/planos/generate: a Matemática plan with one lesson per prompt, numbered from 1. */
export function generateRequest(turmaId: string, lessons: readonly LessonRequest[] = ['Frações com pizza'], overrides: Record<string, unknown> = {}) {
  return {
    temaPrincipal: 'Matemática',
    turmaId,
    materiaGeral: 'matematica',
    aulas: lessons.map((lesson, i) => ({ numeroAula: i + 1, materia: 'matematica', ...(typeof lesson === 'string' ? { prompt: lesson } : lesson) })),
    ...overrides,
  };
}

/** Asks for a plan (POST /api/planos/generate, 202) and returns its id; the worker writes it in the background. */
export async function requestPlan(client: ApiClient, body: ReturnType<typeof generateRequest>, headers: Record<string, string> = {}): Promise<string> {
  const res = await client.post<{ id: string }>('/api/planos/generate', body, headers);
  expectStatus(res, 202, 'plan request');
  return res.body.id;
}

export interface WaitForPlanOptions {
  /** The generation states to wait for (default: done or failed). */
  states?: readonly GenerationState[];
  timeoutMs?: number;
}

/**
 * The plan as GET /api/planos/:id shows it once its generation reaches one of `states`. A plan that fails while
 * only other states are awaited fails the wait at once, with the plan's error.
 */
export function waitForPlan(client: ApiClient, id: string, { states = ['done', 'failed'], timeoutMs = 60000 }: WaitForPlanOptions = {}): Promise<Plano> {
  return waitFor(
    async () => {
      const res = await client.get<Plano>(`/api/planos/${id}`);
      const state = res.status === 200 ? res.body.generation.state : undefined;
      if (state === 'failed' && !states.includes('failed')) throw new Error(`plan ${id} failed: ${res.body.generation.error}`);
      return state && states.includes(state) ? res.body : null;
    },
    { timeoutMs, intervalMs: 50, what: `plan ${id} to reach ${states.join('/')}` },
  );
}

/** A plan requested with `generateRequest(turmaId, lessons, overrides)` and generated to the end (done). */
export async function createPlan(
  client: ApiClient,
  turmaId: string,
  lessons?: readonly LessonRequest[],
  { overrides = {}, headers = {}, ...wait }: WaitForPlanOptions & { overrides?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<Plano> {
  const id = await requestPlan(client, generateRequest(turmaId, lessons, overrides), headers);
  return waitForPlan(client, id, { states: ['done'], ...wait });
}

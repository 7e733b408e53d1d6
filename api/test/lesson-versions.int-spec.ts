import { AULA_VERSOES_HEADERS, LIMITS, MSG, type AulaVersao } from '@planejador/contracts';
import { generateRequest, requestPlan, startSharedStack, teacherWithTurma, waitForPlan, type TestStack } from '@planejador/testing';

/**
 * Issue 24: a lesson's versions no longer grow without bound. At most 50 are kept (the generated one always, the
 * oldest others first) and GET .../versoes answers a page: the newest 20, `?limite=` up to 50, `?antes=` for older.
 */
describe('lesson versions: 50 kept, listed by pages (api, worker with the offline drafter)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('keeps 50 versions of a lesson restored 60 times and pages them newest first; a bad query answers 400 in Portuguese', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const plan = await waitForPlan(client, await requestPlan(client, generateRequest(turma.id, ['Versões: frações'])));
    const [lesson] = plan.aulas;
    const url = `/api/planos/${plan.id}/aulas/${lesson.id}/versoes`;
    // Each restore of the generated content is a new version: 61 in all.
    for (let i = 0; i < 60; i++) expect((await client.post(`${url}/1/restaurar`)).status).toBe(200);

    const first = await client.get<AulaVersao[]>(url);
    expect(first.status).toBe(200);
    expect(first.body.map((v) => v.versao)).toEqual(Array.from({ length: LIMITS.versoesPageDefault }, (_, i) => 61 - i));
    expect(first.body[0]).toMatchObject({ origem: 'restauracao', objetivos: lesson.objetivos, habilidadeCodes: lesson.habilidadeCodes });
    expect(first.headers.get(AULA_VERSOES_HEADERS.nextAntes)).toBe('42');

    const all = await client.get<AulaVersao[]>(`${url}?limite=50`);
    expect(all.body).toHaveLength(LIMITS.versoesKept);
    // The generated one is kept; the restores 2..12 (the oldest others) are gone.
    expect(all.body.map((v) => v.versao)).toEqual([...Array.from({ length: 49 }, (_, i) => 61 - i), 1]);
    expect(all.body[49].origem).toBe('geracao');
    expect(all.headers.get(AULA_VERSOES_HEADERS.nextAntes)).toBeNull();

    const older = await client.get<AulaVersao[]>(`${url}?antes=42&limite=30`);
    expect(older.body.map((v) => v.versao)).toEqual([...Array.from({ length: 29 }, (_, i) => 41 - i), 1]);
    expect(older.headers.get(AULA_VERSOES_HEADERS.nextAntes)).toBeNull();
    expect((await client.get<AulaVersao[]>(`${url}?antes=1`)).body).toEqual([]);
    // A version the list no longer has cannot be restored.
    expect((await client.post<{ message: string }>(`${url}/5/restaurar`)).status).toBe(404);

    for (const [query, message] of [
      ['limite=0', MSG.versoesLimiteInvalid],
      ['limite=51', MSG.versoesLimiteInvalid],
      ['limite=dez', MSG.versoesLimiteInvalid],
      ['limite=2.5', MSG.versoesLimiteInvalid],
      ['antes=0', MSG.versoesAntesInvalid],
      ['antes=ontem', MSG.versoesAntesInvalid],
    ] as const) {
      const bad = await client.get<{ message: string }>(`${url}?${query}`);
      expect([query, bad.status, bad.body.message]).toEqual([query, 400, message]);
    }
  }, 120000);
});

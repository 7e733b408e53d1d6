import type { LessonProgressEvent, Plano, ServerToClientEvents } from '@planejador/contracts';
import { generateRequest, requestPlan, startSharedStack, teacherWithTurma, waitFor, waitForPlan, type FakeAi, type TestClient, type TestStack } from '@planejador/testing';
import { io, type Socket } from 'socket.io-client';

/**
 * Issue 29, streaming: with an AI, each lesson's text reaches the page as the AI writes it (lesson:progress 'delta'
 * events with the fields so far, at most 10 a second per lesson); only the validated, complete answer is stored; a
 * stream that breaks is written again from the start, and stored once.
 */
describe('streamed lessons (fake AI streaming, real worker, socket.io through Redis)', () => {
  let api: TestStack;
  let ai: FakeAi;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // The pace the tests read: a first token after 150 ms, then 160 tokens a second.
    api = await startSharedStack({ ai: 'fake', aiLatencyMs: 150, aiTokensPerSecond: 160, env: { AI_RETRY_BASE_MS: '10' } });
    ai = api.ai!;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await api?.close();
  });

  /** The teacher's live socket, collecting her lesson events with the time each arrived. */
  async function listen(client: TestClient) {
    const socket: Socket<ServerToClientEvents> = io(api.url, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader }, reconnection: false });
    sockets.push(socket);
    const events: (LessonProgressEvent & { receivedAt: number })[] = [];
    socket.on('lesson:progress', (event) => events.push({ ...event, receivedAt: Date.now() }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return events;
  }

  it('sends the text as it grows, in order, at most 10 a second, ending with the stored text', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const events = await listen(client);
    const id = await requestPlan(client, generateRequest(turma.id, ['Frações com receitas de bolo']));
    const plan = await waitForPlan(client, id, { timeoutMs: 30000 });
    const [aula] = plan.aulas;
    expect(aula.generation.state).toBe('done');
    const deltas = events.filter((e) => e.type === 'delta' && e.aulaId === aula.id);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    // Each delta holds the text so far: every field grows and is the start of the stored text.
    for (let i = 1; i < deltas.length; i++) {
      for (const [field, text] of Object.entries(deltas[i - 1].campos ?? {})) {
        expect(deltas[i].campos?.[field]?.startsWith(text)).toBe(true);
      }
    }
    const last = deltas[deltas.length - 1].campos ?? {};
    expect(aula.experiencias?.startsWith(last.experiencias ?? '')).toBe(true);
    expect(aula.objetivos?.startsWith(last.objetivos ?? '')).toBe(true);
    // At most 10 a second: consecutive deltas at least ~100 ms apart (socket delivery adds jitter, never removes it).
    const gaps = deltas.slice(1).map((d, i) => Date.parse(d.at) - Date.parse(deltas[i].at));
    expect(gaps.filter((g) => g < 80)).toEqual([]);
    expect(aula.versao).toBe(1);
  });

  it('a page reloaded mid-stream reads the lesson as running with its stored text; a one-field regeneration streams that field only', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const id = await requestPlan(client, generateRequest(turma.id, ['Perímetro da quadra da escola']));
    const before = (await waitForPlan(client, id, { timeoutMs: 30000 })).aulas[0];
    const events = await listen(client);
    // The regeneration's answer streams slowly enough to look at the plan in the middle of it.
    const objetivos = Array.from({ length: 6 }, (_, i) => `${i + 1}. Medir o perímetro da quadra com trena, registrar as medidas numa tabela e comparar com a estimativa do grupo.`).join('\n');
    ai.script({ match: 'Releitura no meio', tokensPerSecond: 60, content: { objetivos } });
    const res = await client.post<{ jobId: string }>(`/api/planos/${id}/aulas/${before.id}/regenerar`, { campo: 'objetivos', instrucao: 'Releitura no meio' });
    expect(res.status).toBe(202);
    const deltasOf = () => events.filter((e) => e.type === 'delta' && e.aulaId === before.id);
    await waitFor(() => deltasOf().length >= 2, { timeoutMs: 20000, what: 'two deltas of the regeneration' });

    // The reload: the plan's GET says the lesson is running and holds only its stored text, never the partial one.
    const mid = (await client.get<Plano>(`/api/planos/${id}`)).body.aulas[0];
    expect(mid.generation.state).toBe('running');
    expect(mid.versao).toBe(1);
    expect(mid.objetivos).toBe(before.objetivos);
    expect(events.some((e) => e.type === 'done' && e.aulaId === before.id)).toBe(false);

    const after = await waitFor(
      async () => {
        const aula = (await client.get<Plano>(`/api/planos/${id}`)).body.aulas[0];
        return aula.generation.state === 'done' && aula.versao === 2 ? aula : null;
      },
      { timeoutMs: 30000, what: 'the regenerated lesson stored' },
    );
    // Only the regenerated field reached the page, growing, ending with the stored text; the rest did not change.
    const deltas = deltasOf();
    expect(new Set(deltas.flatMap((d) => Object.keys(d.campos ?? {})))).toEqual(new Set(['objetivos']));
    for (let i = 1; i < deltas.length; i++) expect(deltas[i].campos!.objetivos.startsWith(deltas[i - 1].campos!.objetivos)).toBe(true);
    expect(after.objetivos!.startsWith(deltas[deltas.length - 1].campos!.objetivos)).toBe(true);
    expect(after.objetivos).toBe(objetivos);
    expect(after.experiencias).toBe(before.experiencias);
    // The 'done' came after every delta, carrying the stored lesson (it is sent once the lesson is stored: a GET may
    // see the stored lesson a moment before the event reaches the page).
    await waitFor(() => events.some((e) => e.type === 'done' && e.aulaId === before.id), { timeoutMs: 10000, what: "the regeneration's 'done' event" });
    const done = events.findIndex((e) => e.type === 'done' && e.aulaId === before.id);
    expect(done).toBeGreaterThan(events.lastIndexOf(deltas[deltas.length - 1]));
    expect(events[done].aula?.objetivos).toBe(after.objetivos);
  });

  it('a stream cut mid-way is written again from the start, and the lesson is stored once', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    const events = await listen(client);
    ai.script({ match: 'Corte no meio', cutStreamAfter: 120 });
    const id = await requestPlan(client, generateRequest(turma.id, ['Corte no meio: medidas de comprimento']));
    const plan: Plano = await waitForPlan(client, id, { timeoutMs: 30000 });
    const [aula] = plan.aulas;
    expect(aula.generation.state).toBe('done');
    expect(aula.versao).toBe(1);
    const calls = ai.calls.filter((c) => c.text.includes('Corte no meio'));
    expect(calls.map((c) => c.outcome)).toEqual(['stream-cut', 'answer']);
    const versions = await client.get<unknown[]>(`/api/planos/${plan.id}/aulas/${aula.id}/versoes`);
    expect(versions.body).toHaveLength(1);
    await waitFor(() => events.some((e) => e.type === 'delta' && e.aulaId === aula.id));
  });
});

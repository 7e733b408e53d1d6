import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { DOCX_MEDIA_TYPE, MSG, PDF_MEDIA_TYPE, type Avaliacao, type Plano } from '@planejador/contracts';
import { QUEUES } from '@planejador/queue';
import { createPlan, docxText, startSharedStack, teacherWithTurma, waitFor, type TestClient, type TestStack } from '@planejador/testing';

/**
 * Issue 26, the trimestre hand-in: GET /api/turmas/{id}/trimestres/{n}/export?formato=docx|pdf through the api,
 * the export queue and a real worker; the .docx opened by LibreOffice and the PDF read with poppler, as the
 * teacher-review platform would take it (at most 4 MB).
 */

const MAX_PDF_BYTES = 4 * 1024 * 1024;

/** A finished plan of the class with one lesson per list of pinned skills. */
const plan = (client: TestClient, turmaId: string, tema: string, pins: string[][], overrides: Record<string, unknown>) =>
  createPlan(client, turmaId, pins.map((habilidadesFixadas, i) => ({ prompt: `${tema}: aula ${i + 1} com frações e medidas`, habilidadesFixadas })), {
    overrides: { temaPrincipal: tema, duracaoAulaMin: 50, ...overrides },
    timeoutMs: 60000,
  });

/** The worker's temporary PDF directories still on disk, in its processes' conversion folders (each conversion removes its own). */
const pdfTempDirs = (workerTmp: string) => {
  const root = join(workerTmp, 'planejador-conversions');
  return existsSync(root) ? readdirSync(root).flatMap((owner) => readdirSync(join(root, owner)).filter((name) => name.startsWith('pdf-'))) : [];
};

/** A temporary directory of the worker's own (its TMPDIR): other test files converting PDFs at the same time use theirs. */
const workerTmpDir = () => mkdtempSync(join(tmpdir(), 'planejador-handin-worker-'));

/** A 2026 split in bimestres, as a municipal school's calendar might be. */
const BIMESTRES_2026 = [
  { numero: 1, inicio: '2026-02-18', fim: '2026-04-30' },
  { numero: 2, inicio: '2026-05-04', fim: '2026-07-10' },
  { numero: 3, inicio: '2026-07-27', fim: '2026-09-30' },
  { numero: 4, inicio: '2026-10-01', fim: '2026-12-18' },
];

/** What the pages say about how a text was made (decisions.md: such notices belong on the page, never in a document). */
const APP_NOTICES = [/sem IA/i, /Revise antes de usar/i, /revise e adapte/i, /modo offline/i, /Nota do professor/i, /registrada sem/i, /redigid[oa] a partir dos dados da BNCC/i, /montada a partir do texto da BNCC/i, /montada sem IA/i, /crédito/i, /Planejador/];


const handinUrl = (turmaId: string, n: number | string, formato?: string) => `/api/turmas/${turmaId}/trimestres/${n}/export${formato ? `?formato=${formato}` : ''}`;

/**
 * A program run without blocking this process: the api under test serves from it, and a blocked event loop (soffice
 * takes seconds) lets its keep-alive sockets close under the test client's next request (ECONNRESET).
 */
const run = promisify(execFile);

/** The pages of a PDF as text (poppler), and how many there are. */
async function pdfText(file: string): Promise<{ pages: number; text: string }> {
  const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [file], { encoding: 'utf8' })).stdout)?.[1] ?? 0);
  return { pages, text: (await run('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout.replace(/\s+/g, ' ') };
}

describe('the trimestre hand-in (.docx and PDF) with a worker that has LibreOffice', () => {
  let api: TestStack;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'planejador-handin-'));
    // The worker's TMPDIR is the test's directory: the test reads that the conversion left no files there.
    api = await startSharedStack({ ai: 'offline', env: { TMPDIR: dir } });
  });
  afterAll(async () => {
    await api?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every finished plan of the trimestre, by date, behind the summary; the PDF is at most 4 MB; LibreOffice opens the .docx', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5', numero: '51' });
    const later = await plan(client, turma.id, 'Medidas no mercado', [['EF05MA19'], ['EF05MA19']], { trimestre: 1, dataInicio: '2026-03-16' });
    const earlier = await plan(client, turma.id, 'Frações na cozinha', [['EF05MA03'], ['EF05MA08'], ['EF05MA03']], { trimestre: 1, dataInicio: '2026-03-02' });
    const other = await plan(client, turma.id, 'Geometria do bairro', [['EF05MA17']], { trimestre: 2, dataInicio: '2026-06-08' });
    const titles = async (p: Plano) => (await client.get<Plano>(`/api/planos/${p.id}`)).body.aulas.map((a) => a.titulo!);
    const [laterTitles, earlierTitles, otherTitles] = [await titles(later), await titles(earlier), await titles(other)];
    expect([...laterTitles, ...earlierTitles].every((t) => t && t.length > 3)).toBe(true);

    // The .docx (the default format): its readable name, opened by LibreOffice.
    const docx = await client.get<Buffer>(handinUrl(turma.id, 1));
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-type')).toBe(DOCX_MEDIA_TYPE);
    expect(docx.headers.get('cache-control')).toBe('private, no-store');
    const disposition = docx.headers.get('content-disposition')!;
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1])).toBe('Documentos do trimestre - Turma 51 - 1º trimestre - 2026.docx');
    expect(docx.body.subarray(0, 2).toString()).toBe('PK');
    writeFileSync(join(dir, 'handin.docx'), docx.body);
    await run('soffice', [`-env:UserInstallation=${pathToFileURL(join(dir, 'perfil')).href}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'handin.docx')], {
      timeout: 120_000,
    });
    const opened = await pdfText(join(dir, 'handin.pdf'));
    expect(opened.pages).toBeGreaterThanOrEqual(3);

    // The PDF the worker made.
    const pdf = await client.get<Buffer>(handinUrl(turma.id, 1, 'pdf'));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe(PDF_MEDIA_TYPE);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(pdf.headers.get('content-disposition')!)![1])).toBe('Documentos do trimestre - Turma 51 - 1º trimestre - 2026.pdf');
    expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.body.length).toBeLessThanOrEqual(MAX_PDF_BYTES);
    writeFileSync(join(dir, 'worker.pdf'), pdf.body);
    const made = await pdfText(join(dir, 'worker.pdf'));
    expect(pdfTempDirs(dir)).toEqual([]);
    expect(made.pages).toBeGreaterThanOrEqual(3);

    for (const { text } of [opened, made]) {
      // The summary first: the subject, its lessons and hours (5 lessons x 50 min), covered and still uncovered skills.
      const summary = text.indexOf('Resumo do trimestre');
      expect(summary).toBeGreaterThanOrEqual(0);
      expect(text).toContain('5 aulas · 4 h 10 min');
      expect(text).toMatch(/Habilidades desenvolvidas \(3\)/);
      expect(text).toMatch(/Ainda não desenvolvidas \(\d+\)/);
      for (const code of ['EF05MA03', 'EF05MA08', 'EF05MA19']) expect(text).toContain(code);
      // Then the plans, by date: the one of 02/03 before the one of 16/03; the 2nd trimestre's plan is not there.
      const first = text.indexOf('PLANO 1 — Frações na cozinha');
      const second = text.indexOf('PLANO 2 — Medidas no mercado');
      expect(first).toBeGreaterThan(summary);
      expect(second).toBeGreaterThan(first);
      for (const title of earlierTitles) expect(text.indexOf(title.replace(/\s+/g, ' '), first)).toBeGreaterThan(first);
      for (const title of laterTitles) expect(text.indexOf(title.replace(/\s+/g, ' '), second)).toBeGreaterThan(second);
      expect(text).not.toContain('Geometria do bairro');
      for (const title of otherTitles) expect(text).not.toContain(`Aula 1 — ${title}`);
    }
  });

  it('refuses a bad trimestre or format (400, in Portuguese), another teacher\'s class (404) and a trimestre without plans (409), and one export at a time', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    await plan(client, turma.id, 'Frações', [['EF05MA03']], { trimestre: 2 });
    for (const n of ['0', '4', 'abc', '1.5']) {
      const res = await client.get<{ message: string }>(handinUrl(turma.id, n));
      expect({ n, status: res.status, message: res.body.message }).toEqual({ n, status: 400, message: MSG.trimestreInvalid });
    }
    for (const query of ['formato=odt', 'formato=PDF', 'formato=', 'formato=docx&formato=pdf']) {
      const res = await client.get<{ message: string }>(`/api/turmas/${turma.id}/trimestres/2/export?${query}`);
      expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message: MSG.handinFormatoInvalido });
    }
    const stranger = await teacherWithTurma(api);
    for (const formato of ['docx', 'pdf']) {
      const res = await stranger.client.get<{ message: string }>(handinUrl(turma.id, 2, formato));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.turmaNotFound);
    }
    expect((await client.get(handinUrl('6f1c1c1e-7d7a-4a43-9d52-2b1f0b0e0a11', 2))).status).toBe(404);
    const empty = await client.get<{ message: string }>(handinUrl(turma.id, 3));
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(MSG.handinSemPlanos(3));
    expect((await client.get(handinUrl(turma.id, 2))).status).toBe(200);

    // One export in flight per teacher, as for plans: while the PDF is made, another request is told to wait.
    const pdf = client.get<Buffer>(handinUrl(turma.id, 2, 'pdf'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const meanwhile = await client.get<{ message: string }>(handinUrl(turma.id, 2, 'docx'));
    expect({ status: meanwhile.status, message: meanwhile.body.message }).toEqual({ status: 429, message: MSG.exportInFlight });
    expect((await pdf).status).toBe(200);
    expect((await client.get(handinUrl(turma.id, 2, 'docx'))).status).toBe(200);
  });
});

describe('the period hand-in of any kind: GET /api/turmas/{id}/periodos/{n}/export', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  const periodoUrl = (turmaId: string, n: number | string, query = '') => `/api/turmas/${turmaId}/periodos/${n}/export${query}`;
  const fileName = (res: { headers: Headers }) => decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers.get('content-disposition')!)![1]);

  it('under a bimestre calendar hands in a bimestre, named by its kind; /trimestres/ answers 404 naming the kind; periods above the count 400', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5', numero: '52' });
    const saved = await client.put('/api/calendario', { ano: 2026, tipo: 'bimestre', periodos: BIMESTRES_2026 });
    expect(saved.status).toBe(200);
    const second = await plan(client, turma.id, 'Frações na feira', [['EF05MA03']], { dataInicio: '2026-05-11' });
    expect(second).toMatchObject({ periodo: 2, ano: 2026, periodoTipo: 'bimestre', trimestre: null });
    await plan(client, turma.id, 'Medidas do bairro', [['EF05MA19']], { dataInicio: '2026-10-05' });

    const docx = await client.get<Buffer>(periodoUrl(turma.id, 2, '?ano=2026'));
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-type')).toBe(DOCX_MEDIA_TYPE);
    expect(fileName(docx)).toBe('Documentos do bimestre - Turma 52 - 2º bimestre - 2026.docx');
    expect((await client.get(periodoUrl(turma.id, 4, '?ano=2026'))).status).toBe(200);

    const trimestres = await client.get<{ message: string }>(`/api/turmas/${turma.id}/trimestres/2/export?ano=2026`);
    expect({ status: trimestres.status, message: trimestres.body.message }).toEqual({ status: 404, message: MSG.handinOutroTipo('bimestre', 2026) });
    const empty = await client.get<{ message: string }>(periodoUrl(turma.id, 3, '?ano=2026'));
    expect({ status: empty.status, message: empty.body.message }).toEqual({ status: 409, message: MSG.handinSemPlanos(3, 'bimestre') });
    for (const n of ['0', '5', 'abc']) {
      const res = await client.get<{ message: string }>(periodoUrl(turma.id, n));
      expect({ n, status: res.status, message: res.body.message }).toEqual({ n, status: 400, message: MSG.periodoInvalid });
    }
    // Another year keeps its own calendar: 2025 is split in trimestres, so it has no 4th period.
    const fourth = await client.get<{ message: string }>(periodoUrl(turma.id, 4, '?ano=2025'));
    expect({ status: fourth.status, message: fourth.body.message }).toEqual({ status: 400, message: MSG.periodoAcimaDoTipo(4, 'trimestre', 2025) });
    expect((await client.get<{ message: string }>(periodoUrl(turma.id, 2, '?ano=2025'))).status).toBe(409);
    const stranger = await teacherWithTurma(api);
    expect((await stranger.client.get(periodoUrl(turma.id, 2, '?ano=2026'))).status).toBe(404);
  });

  it("holds the bimestre's assessments with their results, each plan's dates and the visto line; no document carries an app notice", async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5', numero: '53' });
    expect((await client.put('/api/calendario', { ano: 2026, tipo: 'bimestre', periodos: BIMESTRES_2026 })).status).toBe(200);
    const fracoes = await plan(client, turma.id, 'Frações na feira', [['EF05MA03'], ['EF05MA08']], { dataInicio: '2026-05-11', dataFim: '2026-05-22' });
    // An offline regeneration with a wish leaves a note on the page ("registrada sem IA"), never in a document.
    const aula = fracoes.aulas[0];
    expect((await client.post(`/api/planos/${fracoes.id}/aulas/${aula.id}/regenerar`, { instrucao: 'mais prática, com jogo' })).status).toBe(202);
    const noted = await waitFor(async () => {
      const lesson = (await client.get<Plano>(`/api/planos/${fracoes.id}`)).body.aulas[0];
      return lesson.versao === 2 && lesson.generation.state === 'done' ? lesson : null;
    }, { timeoutMs: 30000 });
    expect(noted.nota).toContain('registrada sem IA');

    const created = await client.post<{ id: string }>(`/api/turmas/${turma.id}/avaliacoes`, { periodo: 2, ano: 2026, materia: 'matematica', questoesPorHabilidade: 1 });
    expect(created.status).toBe(202);
    const avaliacao = await waitFor(async () => {
      const a = (await client.get<Avaliacao>(`/api/avaliacoes/${created.body.id}`)).body;
      return a.generation.state === 'done' ? a : null;
    }, { timeoutMs: 30000 });
    expect(avaliacao).toMatchObject({ periodo: 2, ano: 2026, periodoTipo: 'bimestre', gerador: 'offline' });
    const niveis = { naoDesenvolveu: 2, emDesenvolvimento: 6, desenvolveu: 10, desenvolveuPlenamente: 2 };
    expect((await client.put(`/api/avaliacoes/${avaliacao.id}/resultados`, { habilidades: [{ code: 'EF05MA03', niveis }] })).status).toBe(200);

    const handin = await client.get<Buffer>(periodoUrl(turma.id, 2, '?ano=2026'));
    expect(handin.status).toBe(200);
    const text = await docxText(handin.body);
    expect(text).toContain('1. Frações na feira (2 aulas) — de 11/05/2026 a 22/05/2026');
    expect(text).toContain('Avaliações e resultados por habilidade');
    expect(text).toContain(avaliacao.habilidades[0].questoes[0].enunciado);
    // EF05MA03: 12 of 20 students at "desenvolveu" or above; EF05MA08 has no results yet.
    expect(text).toContain('12 (60%)');
    expect(text).toContain('sem resultados registrados');
    expect(text.trim().split('\n').at(-1)).toBe('Visto da coordenação: ____________  Data: ___/___/_____');

    // The notices the pages show about how a text was made stay on the pages: plan, assessment and hand-in alike.
    const plano = await client.get<Buffer>(`/api/planos/${fracoes.id}/export`);
    const prova = await client.get<Buffer>(`/api/avaliacoes/${avaliacao.id}/export`);
    expect([plano.status, prova.status]).toEqual([200, 200]);
    for (const [name, body] of [['hand-in', handin.body], ['plan', plano.body], ['assessment', prova.body]] as const) {
      const text = await docxText(body);
      const found = APP_NOTICES.filter((notice) => notice.test(text)).map(String);
      expect({ name, found }).toEqual({ name, found: [] });
    }
  });
});

describe('the trimestre hand-in with a worker without LibreOffice (soffice not on its PATH)', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline', env: { PATH: '/nonexistent' } });
  });
  afterAll(() => api?.close());

  it('answers the PDF with 503 and a message saying PDF is unavailable; the .docx still works', async () => {
    const { client, turma } = await teacherWithTurma(api, { ano: '5' });
    await plan(client, turma.id, 'Frações', [['EF05MA03'], ['EF05MA08']], { trimestre: 1 });
    const pdf = await client.get<{ message: string }>(handinUrl(turma.id, 1, 'pdf'));
    expect(pdf.status).toBe(503);
    expect(pdf.body.message).toBe(MSG.handinPdfIndisponivel);
    const docx = await client.get<Buffer>(handinUrl(turma.id, 1, 'docx'));
    expect(docx.status).toBe(200);
    expect(docx.body.subarray(0, 2).toString()).toBe('PK');
    // The slot was freed: a second PDF request is answered the same way, not 429.
    expect((await client.get(handinUrl(turma.id, 1, 'pdf'))).status).toBe(503);
  });
});

describe('the trimestre hand-in with a LibreOffice that hangs', () => {
  let api: TestStack;
  let bin: string;
  let workerTmp: string;

  beforeAll(async () => {
    // A `soffice` that never ends, first on the worker's PATH.
    bin = mkdtempSync(join(tmpdir(), 'planejador-fake-soffice-'));
    writeFileSync(join(bin, 'soffice'), '#!/bin/sh\nsleep 120\n');
    chmodSync(join(bin, 'soffice'), 0o755);
    workerTmp = workerTmpDir();
    api = await startSharedStack({ ai: 'offline', env: { EXPORT_TIMEOUT_MS: '5000', PATH: `${bin}:${process.env.PATH}`, TMPDIR: workerTmp } });
  });
  afterAll(async () => {
    await api?.close();
    if (bin) rmSync(bin, { recursive: true, force: true });
    if (workerTmp) rmSync(workerTmp, { recursive: true, force: true });
  });

  it("kills the conversion at the render's time limit (with what it started), removes its files and answers in Portuguese, never a 504", async () => {
    const { client, turma, user } = await teacherWithTurma(api, { ano: '5' });
    await plan(client, turma.id, 'Frações', [['EF05MA03']], { trimestre: 1 });
    const pdf = await client.get<{ message: string }>(handinUrl(turma.id, 1, 'pdf'));
    expect(pdf.status).toBe(422);
    expect(pdf.body.message).toBe(MSG.exportGrandeDemais);
    // The render's time limit (4 s, under the api's 5 s) killed the fake soffice and its sleep, and removed its files.
    const running = () => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(bin) || line.trim() === 'sleep 120');
    await waitFor(async () => (pdfTempDirs(workerTmp).length === 0 && running().length === 0 ? true : null), { what: 'the conversion killed and cleaned up', timeoutMs: 10000 });
    // This teacher's failed export jobs (the stack's queue serves other files too).
    const failed = (await api.jobs.queue(QUEUES.export).getFailed()).filter((job) => (job.data as { userId?: string }).userId === user.id);
    expect(failed.map((job) => job.failedReason)).toEqual([expect.stringMatching(/^render-limit: soffice passed the time limit of \d+ ms and was killed/)]);
  });
});

import { UnrecoverableError } from 'bullmq';
import { AiError, type SkillAssessment, type SkillAssessmentContext, type SkillAssessmentWriteOptions, type SkillAssessmentWriter } from '@planejador/ai';
import type { AssessmentProgressEvent, AssessmentSkillEvent, HabilidadeParcial } from '@planejador/contracts';
import type { CurriculumService } from '@planejador/curriculum';
import type { AvaliacaoRecord, AvaliacoesRepository } from '@planejador/db';
import { fake, Journal, quietLogs, settings } from '../../test/doubles';
import type { ProgressPublisher } from '../core/progress.publisher';
import { OutageRetry } from '../generation/outage-retry';
import { AssessmentService, SkillFailedError } from './assessment.service';

const AVALIACAO = '00000000-0000-4000-8000-000000000001';
const TEACHER = '00000000-0000-4000-8000-0000000000aa';
const CODES = ['EF05MA01', 'EF05MA02', 'EF05MA03', 'EF05MA04', 'EF05MA05', 'EF05MA06'];

const written = (code: string): SkillAssessment => ({
  questoes: [{ tipo: 'aberta', enunciado: `Questão de ${code}`, respostaEsperada: 'Resposta.', habilidade: code }],
  rubrica: [
    { nivel: 'não desenvolveu', descritor: 'a' },
    { nivel: 'em desenvolvimento', descritor: 'b' },
    { nivel: 'desenvolveu', descritor: 'c' },
    { nivel: 'desenvolveu plenamente', descritor: 'd' },
  ],
});

/** A skill's call in flight: the test ends it when it wants (answer or failure), in any order. */
interface Pending {
  code: string;
  opts: SkillAssessmentWriteOptions;
  answer: () => void;
  fail: (error: unknown) => void;
}

/** A writer whose calls wait for the test: it sees how many run at once and in what order they end. */
class HeldWriter implements SkillAssessmentWriter {
  readonly kind = 'openai' as const;
  readonly inFlight: Pending[] = [];
  readonly started: string[] = [];
  maxInFlight = 0;

  constructor(private readonly journal: Journal) {}

  write(ctx: SkillAssessmentContext, opts: SkillAssessmentWriteOptions = {}): Promise<SkillAssessment> {
    const code = ctx.skill.code;
    this.started.push(code);
    this.journal.entries.push(`ai:${code}`);
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        code,
        opts,
        answer: () => {
          this.inFlight.splice(this.inFlight.indexOf(pending), 1);
          resolve(written(code));
        },
        fail: (error) => {
          this.inFlight.splice(this.inFlight.indexOf(pending), 1);
          reject(error);
        },
      };
      this.inFlight.push(pending);
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight.length);
    });
  }

  call(code: string): Pending {
    const pending = this.inFlight.find((p) => p.code === code);
    if (!pending) throw new Error(`${code} is not in flight (in flight: ${this.inFlight.map((p) => p.code).join(', ')})`);
    return pending;
  }
}

function avaliacao(doneCodes: string[] = []): AvaliacaoRecord {
  return {
    id: AVALIACAO,
    userId: TEACHER,
    materia: 'matematica',
    questoesPorHabilidade: 1,
    turma: { ano: '5', etapa: 'fundamental' },
    generation: { state: 'queued', done: doneCodes.length, total: CODES.length },
    habilidades: CODES.map((code) => ({ code, description: `(${code}) Texto`, ...(doneCodes.includes(code) ? written(code) : { questoes: [], rubrica: [] }) })),
  } as unknown as AvaliacaoRecord;
}

function setup({ concurrency = 15, doneCodes = [] as string[], budget = Infinity } = {}) {
  const journal = new Journal();
  const stored: string[] = [];
  let calls = 0;
  const avaliacoes = fake<AvaliacoesRepository>(journal, {
    findAvaliacao: async () => avaliacao(doneCodes),
    markAvaliacaoRunning: async () => true,
    takeAvaliacaoAiCall: async () => ++calls <= budget,
    storeAvaliacaoSkill: async (_id: string, code: string) => {
      journal.entries.push(`stored:${code}`);
      stored.push(code);
      return true;
    },
    markAvaliacaoDone: async () => true,
  });
  const curriculum = { findByCodes: async () => [] } as unknown as CurriculumService;
  const events: Omit<AssessmentProgressEvent, 'at'>[] = [];
  const deltas: Omit<AssessmentSkillEvent, 'at'>[] = [];
  const progress = fake<ProgressPublisher>(journal, {
    publishAssessment: (_user: string, event: Omit<AssessmentProgressEvent, 'at'>) => {
      events.push(event);
      journal.entries.push(`event:${event.type}${event.code ? `:${event.code}` : ''}`);
    },
    publishAssessmentSkill: (_user: string, event: Omit<AssessmentSkillEvent, 'at'>) => {
      deltas.push(event);
      journal.entries.push(`delta:${event.code}`);
    },
  });
  const writer = new HeldWriter(journal);
  const config = settings({ LESSON_CONCURRENCY: concurrency, AI_ATTEMPTS: 1, AI_RETRY_BASE_MS: 1, OPENAI_TIMEOUT_MS: 5000, AI_MAX_CALLS_PER_LESSON: 3, OUTAGE_WAIT_MS: 0 });
  const service = new AssessmentService(avaliacoes, curriculum, progress, new OutageRetry(config), writer, config);
  return { service, writer, journal, stored, events, deltas, avaliacoes };
}

/** Lets the service's promises run until `done` holds (bounded: fails loudly on a stall). */
async function settleUntil(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

const parcial = (enunciado: string): HabilidadeParcial => ({ questoes: [{ tipo: null, enunciado, alternativas: [], respostaEsperada: '' }], rubrica: [] });

describe('AssessmentService: skills written side by side', () => {
  quietLogs();

  it('asks every skill at once (within the bound), stores each as it ends in any order, and counts k of N right', async () => {
    const { service, writer, stored, events } = setup();
    const result = service.generate(AVALIACAO);
    await settleUntil(() => writer.inFlight.length === 6);
    expect(writer.started).toEqual(CODES);

    // They end in reverse order: each is stored at once, while the others still run.
    for (const code of [...CODES].reverse()) {
      writer.call(code).answer();
      await settleUntil(() => stored.includes(code));
    }
    await expect(result).resolves.toBe('done');
    expect(stored).toEqual([...CODES].reverse());
    expect(events.map((e) => [e.type, e.done, e.total, e.code])).toEqual([
      ['started', 0, 6, undefined],
      ...[...CODES].reverse().map((code, i) => ['skill-done', i + 1, 6, code]),
      ['done', 6, 6, undefined],
    ]);
  });

  it('never runs more than LESSON_CONCURRENCY skills at once; a finished one lets the next start', async () => {
    const { service, writer } = setup({ concurrency: 2 });
    const result = service.generate(AVALIACAO);
    await settleUntil(() => writer.inFlight.length === 2);
    expect(writer.started).toEqual(CODES.slice(0, 2));
    writer.call(CODES[1]).answer();
    await settleUntil(() => writer.started.length === 3);
    expect(writer.inFlight.map((p) => p.code)).toEqual([CODES[0], CODES[2]]);
    while (writer.inFlight.length) {
      writer.inFlight[0].answer();
      await settleUntil(() => writer.inFlight.length === 2 || writer.started.length === 6);
    }
    await expect(result).resolves.toBe('done');
    expect(writer.maxInFlight).toBe(2);
  });

  it('a resumed job writes only the skills still empty, counting from those stored before', async () => {
    const { service, writer, events } = setup({ doneCodes: ['EF05MA02', 'EF05MA05'] });
    const result = service.generate(AVALIACAO);
    await settleUntil(() => writer.inFlight.length === 4);
    expect(writer.started).toEqual(['EF05MA01', 'EF05MA03', 'EF05MA04', 'EF05MA06']);
    for (const p of [...writer.inFlight]) p.answer();
    await expect(result).resolves.toBe('done');
    expect(events.filter((e) => e.type === 'skill-done').map((e) => e.done)).toEqual([3, 4, 5, 6]);
  });

  it("streams each skill's text by its code, never after that skill's end", async () => {
    const { service, writer, deltas, journal } = setup();
    const result = service.generate(AVALIACAO);
    await settleUntil(() => writer.inFlight.length === 6);
    writer.call('EF05MA03').opts.onDelta?.(parcial('Qual fra'));
    writer.call('EF05MA01').opts.onDelta?.(parcial('Explique'));
    expect(deltas).toEqual([
      { avaliacaoId: AVALIACAO, code: 'EF05MA03', type: 'delta', parcial: parcial('Qual fra') },
      { avaliacaoId: AVALIACAO, code: 'EF05MA01', type: 'delta', parcial: parcial('Explique') },
    ]);
    // A second delta within the throttle's interval waits; the skill's end drops it.
    writer.call('EF05MA03').opts.onDelta?.(parcial('Qual fração'));
    writer.call('EF05MA03').answer();
    await settleUntil(() => journal.entries.includes('event:skill-done:EF05MA03'));
    for (const p of [...writer.inFlight]) p.answer();
    await expect(result).resolves.toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(deltas.filter((d) => d.code === 'EF05MA03')).toHaveLength(1);
  });

  it('a skill failing after its retries: none starts after it, those in flight finish and are stored, the attempt fails (retryable)', async () => {
    const { service, writer, stored, avaliacoes } = setup({ concurrency: 3 });
    const result = service.generate(AVALIACAO);
    await settleUntil(() => writer.inFlight.length === 3);
    writer.call('EF05MA02').fail(new AiError('server', { status: 500 }));
    await settleUntil(() => writer.inFlight.length === 2);
    writer.call('EF05MA01').answer();
    writer.call('EF05MA03').answer();
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkillFailedError);
    expect(error).toMatchObject({ code: 'EF05MA02', retryable: true });
    expect(writer.started).toEqual(CODES.slice(0, 3));
    expect(stored).toEqual(['EF05MA01', 'EF05MA03']);
    expect(avaliacoes.markAvaliacaoDone).not.toHaveBeenCalled();
  });

  it('a lasting failure (a spent budget) fails the assessment for good, after the skill in flight is stored', async () => {
    const { service, writer, stored, journal } = setup({ budget: 1 });
    const result = service.generate(AVALIACAO).catch((e: unknown) => e);
    await settleUntil(() => journal.count('takeAvaliacaoAiCall') === 6 && writer.inFlight.length === 1);
    writer.inFlight[0].answer();
    const error = await result;
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect(writer.started).toEqual([CODES[0]]);
    expect(stored).toEqual([CODES[0]]);
  });
});

import { BadRequestException, ConflictException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  codesInText,
  etapaOf,
  verificacaoKindOf,
  cutAtWord,
  isInProgress,
  LIMITS,
  materiaLabel,
  MSG,
  normalizeStatus,
  periodIsOrdered,
  PERIODOS_POR_TIPO,
  planTitleFromLessons,
  questionsOutsideSkills,
  schoolDate,
  withOutdatedSkillWarning,
  type GeneratePlanoData,
  type Plano,
  type PlanoListItem,
  type PlanosListQueryData,
  type PlanosPage,
  type UpdatePlanoData,
  type Verificacao,
} from '@planejador/contracts';
import {
  CreditsRepository,
  Database,
  FairnessRepository,
  PlanosListRepository,
  PlanosRepository,
  toPlanoDto,
  TurmasRepository,
  type AulaEdits,
  type PlanoEdits,
  type PlanosListFilters,
} from '@planejador/db';
import { CalendarioService } from '../calendario/calendario.service';
import { SkillScope } from './skill-scope';
import { admitGeneration } from '../core/generation-admission';
import { JobProducer, jobIds, jobPriority } from '@planejador/queue';
import { JOB_PRODUCER } from '../core/tokens';

@Injectable()
export class PlanosService {
  private readonly logger = new Logger(PlanosService.name);

  constructor(
    private readonly db: Database,
    private readonly planos: PlanosRepository,
    private readonly planosList: PlanosListRepository,
    private readonly turmas: TurmasRepository,
    private readonly credits: CreditsRepository,
    private readonly fairness: FairnessRepository,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
    private readonly scope: SkillScope,
    private readonly calendario: CalendarioService,
  ) {}

  /**
   * Takes one credit and stores the plan and its lessons in one transaction, then enqueues the job.
   * The credit update is conditional (credits >= 1), so concurrent requests never go below zero;
   * the (user, Idempotency-Key) unique index makes a repeated request return the same plan.
   */
  async generate(userId: string, data: GeneratePlanoData, idempotencyKey: string | null): Promise<{ id: string; created: boolean }> {
    // The three reads before the charge are independent: asked together (the first visible word waits on this, issue 29).
    const [existing, turma, lugar] = await Promise.all([
      idempotencyKey ? this.findByIdempotencyKey(userId, idempotencyKey) : null,
      this.turmas.findTurmaAno(userId, data.turmaId),
      // The teacher's choice (checked against the kind of that year's calendar: 400), else the period of her school
      // calendar holding the start date (or today).
      this.calendario.place(userId, data.dataInicio ?? schoolDate(), { periodo: data.periodo, trimestre: data.trimestre }),
    ]);
    if (existing) return { id: existing, created: false };
    // Before anything is charged: the class is the user's, its year has skills of the subject, pins belong to them.
    if (turma === null) throw new NotFoundException({ message: MSG.turmaNotFound });
    // A plan may mix subjects (decisions.md, "The whole BNCC"): the general one and each lesson's must have skills in
    // the class's year, and a lesson's pins belong to its own subject.
    for (const materia of new Set([data.materiaGeral, ...data.aulas.map((aula) => aula.materia)])) {
      await this.scope.requireSkills(turma.ano, materia, turma.etapa);
    }
    for (const aula of data.aulas) {
      if (aula.habilidadesFixadas?.length) await this.scope.check(turma.ano, aula.materia, aula.habilidadesFixadas, turma.etapa);
    }
    let planId: string;
    try {
      planId = await this.db.transaction(async () => {
        // The per-user bounds (3 in flight, 10 a minute, 60 an hour, 3 wholly failed an hour): 429, nothing charged.
        await admitGeneration(this.credits, userId, 'plano');
        if (!(await this.credits.chargeCredits(userId, LIMITS.planCost))) {
          throw new HttpException({ message: MSG.insufficientCredits }, HttpStatus.PAYMENT_REQUIRED);
        }
        return this.planos.insertPlanoWithAulas(
          {
            ...planTheme(data),
            periodo: lugar.periodo,
            ano: lugar.ano,
            periodoTipo: lugar.tipo,
            trimestreEscolhido: lugar.escolhido,
            dataInicio: data.dataInicio ?? null,
            dataFim: data.dataFim ?? null,
            duracaoAulaMin: data.duracaoAulaMin ?? null,
            materiaGeral: data.materiaGeral,
            turmaId: data.turmaId,
            userId,
            limitOneSkill: data.limitOneSkill,
            preferirSeduc: data.preferirSeduc,
            nivelDetalhamento: data.nivelDetalhamento,
            idempotencyKey,
          },
          // Each lesson keeps the subject it was sent with (the form sets new lessons to the general subject).
          data.aulas.map((a) => ({ materia: a.materia, prompt: a.prompt, habilidadesFixadas: a.habilidadesFixadas ?? [] })),
        );
      });
    } catch (err) {
      // The class deleted since it was read: the plan's foreign key refuses it, and the charge rolls back with it.
      if ((err as { code?: string }).code === '23503') throw new NotFoundException({ message: MSG.turmaNotFound });
      if ((err as { code?: string }).code === '23505' && idempotencyKey) {
        const existing = await this.findByIdempotencyKey(userId, idempotencyKey);
        if (existing) return { id: existing, created: false };
      }
      throw err;
    }
    await this.enqueue(planId, userId);
    return { id: planId, created: true };
  }

  /**
   * Enqueues the generation, ranked behind the teacher's other plans still being generated (fairness: every
   * teacher's first plan goes first); when Redis is down the plan stays 'queued' and the worker's sweeper picks it up.
   */
  async enqueue(planId: string, userId: string): Promise<boolean> {
    try {
      const backlog = await this.fairness.teacherBacklog(userId, 'first-generation', planId);
      await this.producer.enqueue('generate-plan', { planId, userId }, jobIds.generatePlan(planId), {
        priority: jobPriority('first-generation', backlog),
      });
      await this.planos.markPlanEnqueued(planId);
      return true;
    } catch (err) {
      this.logger.warn({ planId, err: (err as Error).message }, 'plan not enqueued yet; the sweeper will retry');
      return false;
    }
  }

  private findByIdempotencyKey(userId: string, key: string): Promise<string | null> {
    return this.planos.findPlanoIdByIdempotencyKey(userId, key);
  }

  /**
   * One page of the user's plans, newest first (keyset on created_at, id: a page costs the same however many
   * plans come before it), with the total of plans that match the filters.
   */
  async list(userId: string, query: PlanosListQueryData): Promise<PlanosPage> {
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !after) throw new BadRequestException({ message: MSG.cursorInvalid });
    const filters: PlanosListFilters = {
      turma: query.turma, status: query.status, trimestre: query.trimestre, periodo: query.periodo, anoLetivo: query.anoLetivo, after,
    };
    const rows = await this.planosList.listPlanosPage(userId, filters, query.limit + 1);
    // One row more than the page tells whether another page follows.
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const total = rows.length ? rows[0].total : after ? await this.planosList.countPlanos(userId, filters) : 0;
    return {
      total,
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
      planos: page.map((r) => {
        const aulas = parseLessonSummaries(r.aulas);
        return {
          id: r.id,
          temaPrincipal: r.temaPrincipal,
          materiaGeral: r.materiaGeral,
          createdAt: new Date(r.createdAt).toISOString(),
          updatedAt: new Date(r.updatedAt).toISOString(),
          status: normalizeStatus(r.status),
          turmaId: r.turmaId,
          turma: { id: r.turmaId, numero: r.numero, escola: r.escola, ano: r.ano },
          generation: {
            state: r.generationState,
            done: aulas.filter((a) => a.state === 'done').length,
            total: aulas.length,
            error: r.generationError,
            creditRefunded: r.creditRefunded,
          },
          generator: r.generator,
          trimestre: r.trimestre,
          periodo: r.periodo,
          ano: r.anoPlano,
          periodoTipo: r.periodoTipo as PlanoListItem['periodoTipo'],
          aulas: aulas.map((a) => ({ id: a.id, numeroAula: a.numeroAula, materia: a.materia })),
        };
      }),
    };
  }

  async get(userId: string, id: string): Promise<Plano> {
    const plano = await this.planos.findPlanoWithAulas(id, userId);
    if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
    return toPlanoDto(plano);
  }

  /**
   * Saves the teacher's edits in one transaction; refuses a plan that is still generating. Only lessons whose
   * content changed (texts, title, check of learning, codes) are written, each as a new version (origin: edicao).
   * New skill codes (the picker's, or BNCC codes typed into a changed Habilidades text) are checked against the
   * class's year and the lesson's subject and stored with their official texts; sending codes confirms them (the
   * 'habilidade-a-confirmar' warning goes), and a field left citing a code the lesson no longer has gives
   * 'campos-com-habilidade-antiga' (withOutdatedSkillWarning). A changed check of learning may only ask about the
   * lesson's codes (400 naming the question). `temaPrincipal` renames the plan (no longer built from the lessons). A lesson being regenerated cannot be changed (409). A lesson sent
   * with the `versao` its edits were made on must still be at that version, else 409 and nothing changes (the plan
   * and its lessons are locked, so a regeneration stored meanwhile cannot be overwritten).
   */
  async update(userId: string, id: string, data: UpdatePlanoData): Promise<Plano> {
    await this.db.transaction(async () => {
      const plano = await this.planos.lockPlanoWithAulas(userId, id);
      if (!plano) throw new NotFoundException({ message: MSG.planoNotFound });
      if (isInProgress(plano.generationState)) {
        throw new ConflictException({ message: MSG.planoGenerating });
      }
      const { ano, etapa } = plano.turma;
      const byId = new Map(plano.aulas.map((a) => [a.id, a]));
      // Every lesson is checked before any is changed: a request either saves all it sends or nothing.
      for (const input of data.aulas ?? []) {
        const aula = byId.get(input.id);
        if (!aula) throw new NotFoundException({ message: MSG.aulaNotFound });
        if (input.versao !== undefined && input.versao !== aula.versao) {
          throw new ConflictException({ message: MSG.aulaVersaoConflict(aula.numeroAula) });
        }
      }
      const edits: AulaEdits[] = [];
      for (const input of data.aulas ?? []) {
        const aula = byId.get(input.id)!;
        const next = {
          habilidades: input.habilidades,
          objetivos: input.objetivos,
          objetosConhecimento: input.objetosConhecimento,
          experiencias: input.experiencias,
          evidencias: input.evidencias,
        };
        const stored = aula.habilidadeCodes ?? [];
        let codes = stored;
        // The picker's codes when they change; else BNCC codes typed into a changed Habilidades text. Either way the
        // codes are checked against the class's year and the lesson's subject and the text becomes their official one.
        const pickedCodes = input.habilidadeCodes && !sameList(input.habilidadeCodes, stored) ? input.habilidadeCodes : null;
        const typedCodes = pickedCodes || next.habilidades === (aula.habilidades ?? '') ? [] : codesInText(next.habilidades);
        const newCodes = pickedCodes ?? (typedCodes.length ? typedCodes : null);
        if (newCodes) {
          if (newCodes.length > LIMITS.habilidadesFixadasMax) throw new BadRequestException({ message: MSG.habilidadesFixadasMax });
          await this.scope.check(ano, aula.materia, newCodes, etapaOf(etapa));
          codes = newCodes;
          next.habilidades = await this.scope.officialText(codes);
        }
        const titulo = input.titulo ?? aula.titulo;
        const verificacao = input.verificacao && !sameVerificacao(input.verificacao, aula.verificacao) ? input.verificacao : aula.verificacao;
        if (verificacao !== aula.verificacao) {
          const outside = questionsOutsideSkills(verificacao!, codes);
          if (outside.length) throw new BadRequestException({ message: MSG.questaoHabilidadeForaDaAula(aula.numeroAula, outside[0]) });
          // Infantil checks by points to observe: open items only (decisions.md, "The whole BNCC").
          const closed = verificacao!.questoes.findIndex((questao) => questao.tipo !== 'aberta');
          if (verificacaoKindOf(etapaOf(etapa)) === 'observacao' && closed >= 0) {
            throw new BadRequestException({ message: MSG.pontoDeObservacaoAberto(aula.numeroAula, closed + 1) });
          }
        }
        // DUA strategies (validated by the contract: at least one per principle); sent unchanged, nothing changes.
        const dua = input.dua && JSON.stringify(input.dua) !== JSON.stringify(aula.dua ?? null) ? input.dua : aula.dua;
        const contentChanged =
          (Object.keys(next) as (keyof typeof next)[]).some((field) => (aula[field] ?? '') !== next[field]) ||
          !sameList(codes, stored) ||
          titulo !== aula.titulo ||
          verificacao !== aula.verificacao ||
          dua !== aula.dua;
        // Sending codes (or typing them) confirms them; a field left citing a code the lesson no longer has warns.
        const confirmed = input.habilidadeCodes !== undefined || newCodes !== null;
        const before = aula.avisos ?? [];
        const avisos = withOutdatedSkillWarning(
          confirmed ? before.filter((w) => w !== 'habilidade-a-confirmar') : before,
          { ...next, habilidadeCodes: codes, verificacao },
          { habilidadeCodes: stored, avisos: before },
        );
        const warningsChanged = !sameList(avisos, before);
        if (!contentChanged && !warningsChanged) continue;
        if (isInProgress(aula.generationState)) {
          throw new ConflictException({ message: MSG.aulaEditWhileRegenerating });
        }
        edits.push({
          id: aula.id,
          avisos,
          content: contentChanged ? { ...next, titulo, verificacao, dua, habilidadeCodes: codes, versao: aula.versao + 1 } : undefined,
        });
      }
      const edit: PlanoEdits = {
        temaPrincipal: plano.temaPrincipal,
        temaAutomatico: plano.temaAutomatico,
        dataInicio: plano.dataInicio,
        dataFim: plano.dataFim,
        periodo: plano.periodo,
        ano: plano.ano,
        periodoTipo: plano.periodoTipo,
        trimestreEscolhido: plano.trimestreEscolhido,
        duracaoAulaMin: plano.duracaoAulaMin,
        status: data.status,
      };
      if (data.temaPrincipal !== undefined) {
        // The teacher's own title: it no longer follows the lessons' titles.
        edit.temaPrincipal = data.temaPrincipal;
        edit.temaAutomatico = false;
      }
      if (data.dataInicio !== undefined) edit.dataInicio = data.dataInicio;
      if (data.periodo !== undefined || data.trimestre !== undefined || data.dataInicio !== undefined) {
        // The plan's day (its start date, else the day it was made) gives its year; the period named by the body is
        // checked against that year's kind (400), else a derived period follows the day, and a chosen one stays where
        // the year's kind has it (else it becomes derived).
        const day = isoDay(edit.dataInicio) ?? schoolDate(plano.createdAt);
        const named = data.periodo !== undefined || data.trimestre !== undefined;
        let lugar = await this.calendario.place(userId, day, named ? { periodo: data.periodo, trimestre: data.trimestre } : {});
        if (!named && plano.trimestreEscolhido && plano.periodo <= PERIODOS_POR_TIPO[lugar.tipo]) {
          lugar = { ...lugar, periodo: plano.periodo, escolhido: true };
        }
        edit.periodo = lugar.periodo;
        edit.ano = lugar.ano;
        edit.periodoTipo = lugar.tipo;
        edit.trimestreEscolhido = lugar.escolhido;
      }
      if (data.dataFim !== undefined) edit.dataFim = data.dataFim;
      if (data.duracaoAulaMin !== undefined) edit.duracaoAulaMin = data.duracaoAulaMin;
      // The period as it now stands (one date may come from before): start <= end.
      if (!periodIsOrdered({ dataInicio: isoDay(edit.dataInicio), dataFim: isoDay(edit.dataFim) })) {
        throw new BadRequestException({ message: MSG.periodoInvertido });
      }
      await this.planos.savePlanoEdits(plano.id, edit, edits);
    });
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.planos.deletePlano(userId, id))) throw new NotFoundException({ message: MSG.planoNotFound });
  }
}

/** The stored date as 'aaaa-mm-dd' (MikroORM gives a string, some drivers a Date). */
function isoDay(value: string | Date | null): string | null {
  if (!value) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

/**
 * The plan's title: the teacher's, unless the form left it empty or at the subject's name; then one the server
 * builds (`temaAutomatico`) from the lessons, provisional until their titles are written: each lesson's description
 * cut at a word as a lesson title is (planTitleFromLessons, as the generation's end does with the real titles).
 */
export function planTheme(data: Pick<GeneratePlanoData, 'temaPrincipal' | 'materiaGeral' | 'aulas'>): { temaPrincipal: string; temaAutomatico: boolean } {
  const tema = data.temaPrincipal.trim();
  const subject = materiaLabel(data.materiaGeral);
  if (tema && tema.toLocaleLowerCase('pt-BR') !== subject.toLocaleLowerCase('pt-BR')) return { temaPrincipal: tema, temaAutomatico: false };
  const provisional = data.aulas.map((aula) => cutAtWord(aula.prompt, LIMITS.tituloMax));
  return { temaPrincipal: planTitleFromLessons(provisional, tema || subject), temaAutomatico: true };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The same questions (PostgreSQL's jsonb gives the stored one back with its keys in another order). */
function sameVerificacao(a: Verificacao, b: Verificacao | null): boolean {
  const canonical = (v: Verificacao) =>
    JSON.stringify(
      v.questoes.map((q) =>
        q.tipo === 'multipla'
          ? [q.tipo, q.enunciado, q.alternativas, q.correta, q.habilidade]
          : [q.tipo, q.enunciado, q.respostaEsperada, q.habilidade],
      ),
    );
  return b !== null && canonical(a) === canonical(b);
}

interface LessonSummary {
  id: string;
  numeroAula: number;
  materia: string;
  state: string;
}

/**
 * The page's lesson summaries: 'numero state id materia' for each lesson, all joined by spaces (none of the four
 * contains one: a number, a state and a subject slug, a uuid), read from the (plano_id, numero_aula) index alone.
 * Plain text costs PostgreSQL a third of what json_agg of objects did.
 */
export function parseLessonSummaries(text: string | null): LessonSummary[] {
  if (!text) return [];
  const parts = text.split(' ');
  const lessons: LessonSummary[] = [];
  for (let i = 0; i + 3 < parts.length; i += 4) {
    lessons.push({ numeroAula: Number(parts[i]), state: parts[i + 1], id: parts[i + 2], materia: parts[i + 3] });
  }
  return lessons;
}

/**
 * The keyset cursor of the plan list: the last plan's creation time (PostgreSQL's microseconds, in UTC) and id,
 * base64url so it travels in a query string as it is. Opaque to clients.
 */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** null for anything that is not a cursor this api made. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const m = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) return null;
  // A date PostgreSQL would refuse (30 February, year 0) is no cursor of ours: it round-trips through Date.
  const ms = Date.parse(m[1]);
  if (!(ms >= 0) || new Date(ms).toISOString().slice(0, 19) !== m[1].slice(0, 19)) return null;
  return { createdAt: m[1], id: m[2] };
}

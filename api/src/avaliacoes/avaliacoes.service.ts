import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { AVALIACAO_LIMITS, LIMITS, materiaLabel, MSG, schoolDate, type Avaliacao, type AvaliacaoResumo, type CreateAvaliacaoData, type UpdateAvaliacaoData, type UpdateResultadosData } from '@planejador/contracts';
import { CurriculumService } from '@planejador/curriculum';
import { AvaliacoesRepository, CreditsRepository, Database, TurmasRepository } from '@planejador/db';
import { JobProducer, jobIds } from '@planejador/queue';
import { JOB_PRODUCER } from '../core/tokens';
import { admitGeneration } from '../core/generation-admission';
import { SkillScope } from '../planos/skill-scope';
import { CalendarioService } from '../calendario/calendario.service';

/** Assessment by skill (issue 26): stored and charged here, written by the worker. */
@Injectable()
export class AvaliacoesService {
  private readonly logger = new Logger(AvaliacoesService.name);

  constructor(
    private readonly db: Database,
    private readonly avaliacoes: AvaliacoesRepository,
    private readonly turmas: TurmasRepository,
    private readonly credits: CreditsRepository,
    private readonly curriculum: CurriculumService,
    private readonly scope: SkillScope,
    private readonly calendario: CalendarioService,
    @Inject(JOB_PRODUCER) private readonly producer: JobProducer,
  ) {}

  /**
   * Checks the skills (given, else the subject's skills the class's finished plans of that trimestre cite), takes
   * one credit and stores the assessment 'queued' in one transaction (402 without a credit), then queues the job;
   * when Redis is down the worker's sweeper queues it later.
   */
  async create(userId: string, turmaId: string, data: CreateAvaliacaoData): Promise<{ id: string }> {
    const turma = await this.turmas.findTurmaAno(userId, turmaId);
    if (turma === null) throw new NotFoundException({ message: MSG.turmaNotFound });
    await this.scope.requireSkills(turma.ano, data.materia, turma.etapa);
    // The period: the one named (checked against the kind of that year's calendar: 400), else the one holding today.
    const today = schoolDate();
    const lugar = await this.calendario.place(userId, today, { periodo: data.periodo, trimestre: data.trimestre }, data.ano ?? Number(today.slice(0, 4)));
    let codes: string[];
    if (data.habilidades) {
      codes = data.habilidades;
      await this.scope.check(turma.ano, data.materia, codes, turma.etapa);
    } else {
      const valid = await this.curriculum.validCodes(turma.ano, data.materia, turma.etapa);
      codes = (await this.avaliacoes.coveredSkillCodes(turmaId, lugar.ano, lugar.periodo)).filter((c) => valid.has(c)).slice(0, AVALIACAO_LIMITS.habilidadesMax);
      if (!codes.length) throw new BadRequestException({ message: MSG.avaliacaoSemHabilidades(lugar.periodo, materiaLabel(data.materia), lugar.tipo) });
    }
    const records = await this.curriculum.findByCodes(codes);
    const id = randomUUID();
    await this.db.transaction(async () => {
      if ((await this.turmas.findTurmaAno(userId, turmaId)) === null) throw new NotFoundException({ message: MSG.turmaNotFound });
      // The per-user bounds, shared with plans (3 in flight, 10 a minute, 60 an hour, 3 wholly failed an hour): 429.
      await admitGeneration(this.credits, userId, 'avaliacao');
      if (!(await this.credits.chargeCredits(userId, LIMITS.assessmentCost))) throw new HttpException({ message: MSG.insufficientCredits }, HttpStatus.PAYMENT_REQUIRED);
      await this.avaliacoes.insertAvaliacao({
        id,
        userId,
        turmaId,
        periodo: lugar.periodo,
        ano: lugar.ano,
        periodoTipo: lugar.tipo,
        materia: data.materia,
        questoesPorHabilidade: data.questoesPorHabilidade ?? AVALIACAO_LIMITS.questoesPorHabilidadeDefault,
        habilidades: records.map((r) => ({ code: r.code, description: r.description })),
      });
    });
    try {
      await this.producer.enqueue('generate-assessment', { avaliacaoId: id }, jobIds.generateAssessment(id));
      await this.avaliacoes.markAvaliacaoEnqueued(id);
    } catch (err) {
      this.logger.warn({ avaliacaoId: id, err: (err as Error).message }, 'assessment not enqueued yet; the sweeper will retry');
    }
    return { id };
  }

  async get(userId: string, id: string): Promise<Avaliacao> {
    const found = await this.avaliacoes.findAvaliacao(id, userId);
    if (!found) throw new NotFoundException({ message: MSG.avaliacaoNotFound });
    const { userId: _owner, turma: _turma, ...avaliacao } = found;
    return avaliacao;
  }

  async list(userId: string, turmaId: string): Promise<AvaliacaoResumo[]> {
    const list = await this.avaliacoes.listAvaliacoes(userId, turmaId);
    if (!list) throw new NotFoundException({ message: MSG.turmaNotFound });
    return list;
  }

  /** The teacher's questions and rubrics (validated by the schema); 409 while it is being written. */
  async update(userId: string, id: string, data: UpdateAvaliacaoData): Promise<Avaliacao> {
    const seen = new Set<string>();
    for (const h of data.habilidades) {
      if (seen.has(h.code)) throw new BadRequestException({ message: MSG.avaliacaoHabilidadeRepetida(h.code) });
      seen.add(h.code);
    }
    const outcome = await this.db.transaction(() => this.avaliacoes.updateAvaliacaoHabilidades(userId, id, data.habilidades));
    if (outcome.result === 'missing') throw new NotFoundException({ message: MSG.avaliacaoNotFound });
    if (outcome.result === 'generating') throw new ConflictException({ message: MSG.avaliacaoGenerating });
    if (outcome.result === 'outside') throw new BadRequestException({ message: MSG.avaliacaoHabilidadeForaDaAvaliacao(outcome.code) });
    return this.get(userId, id);
  }

  /**
   * How many students reached each level, for the skills named (counts only): each replaces that skill's results,
   * the others stay. 409 unless the assessment is done; 400 naming a skill it does not hold.
   */
  async saveResultados(userId: string, id: string, data: UpdateResultadosData): Promise<Avaliacao> {
    const outcome = await this.db.transaction(() => this.avaliacoes.saveAvaliacaoResultados(userId, id, data.habilidades));
    if (outcome.result === 'missing') throw new NotFoundException({ message: MSG.avaliacaoNotFound });
    if (outcome.result === 'not-done') throw new ConflictException({ message: MSG.avaliacaoNaoConcluida });
    if (outcome.result === 'outside') throw new BadRequestException({ message: MSG.avaliacaoHabilidadeForaDaAvaliacao(outcome.code) });
    return this.get(userId, id);
  }

  /** Deletes it with its results (coverage forgets it); 409 while it is queued or being written. No credit returns. */
  async delete(userId: string, id: string): Promise<void> {
    const outcome = await this.db.transaction(() => this.avaliacoes.deleteAvaliacao(userId, id));
    if (outcome === 'missing') throw new NotFoundException({ message: MSG.avaliacaoNotFound });
    if (outcome === 'generating') throw new ConflictException({ message: MSG.avaliacaoExcluirEmAndamento });
  }
}

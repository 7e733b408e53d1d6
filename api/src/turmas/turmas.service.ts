import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { anoForaDaEtapa, etapaOf, LIMITS, MSG, redactClassNotes, type Turma as TurmaDto, type TurmaData, type TurmaUpdateData } from '@planejador/contracts';
import { Database, toTurmaDto, TurmasRepository, type TurmaRecord } from '@planejador/db';

/**
 * The class as it is stored: its notes with personal data replaced by placeholders (decisions.md, "Sessions and
 * security"), the text the form previewed; the answer carries it.
 */
function withNotesRedacted<T extends Pick<TurmaData, 'observacoesAdicionais'>>(data: T): T {
  const notes = data.observacoesAdicionais;
  return { ...data, observacoesAdicionais: notes ? redactClassNotes(notes).text : null };
}

@Injectable()
export class TurmasService {
  constructor(
    private readonly db: Database,
    private readonly turmas: TurmasRepository,
  ) {}

  /**
   * One prepared query (classes with their plan counts, no entity hydration): the list is read on almost every page.
   */
  async list(userId: string): Promise<TurmaDto[]> {
    return this.turmas.listTurmas(userId);
  }

  async create(userId: string, input: TurmaData): Promise<TurmaDto> {
    const data = withNotesRedacted(input);
    const turma = await this.db.transaction(async () => {
      await this.checkLimits(userId, data, null);
      return this.turmas.insertTurma(userId, data);
    });
    return toTurmaDto(turma, 0);
  }

  /** An edit; a body without `etapa` keeps the class's stage, and its year must be one of that stage's (400). */
  async update(userId: string, id: string, input: TurmaUpdateData): Promise<TurmaDto> {
    const edit = withNotesRedacted(input);
    const turma = await this.db.transaction(async () => {
      const owned = await this.owned(userId, id);
      const data: TurmaData = { ...edit, etapa: edit.etapa ?? etapaOf(owned.etapa) };
      const wrongYear = anoForaDaEtapa(data.etapa, data.ano);
      if (wrongYear) throw new BadRequestException({ message: wrongYear, issues: [{ path: 'ano', message: wrongYear }] });
      await this.checkLimits(userId, data, id);
      return this.turmas.updateTurma(owned.id, data);
    });
    const counts = await this.turmas.countPlanosByTurma([turma.id]);
    return toTurmaDto(turma, counts.get(turma.id) ?? 0);
  }

  /**
   * At most LIMITS.turmasMax classes per user, and one class per (school, number): school compared without case
   * or surrounding spaces. Serialised per user (a transaction-scoped advisory lock), so concurrent requests
   * cannot both pass. `exceptId`: the class being edited. Runs inside the caller's transaction.
   */
  private async checkLimits(userId: string, data: TurmaData, exceptId: string | null): Promise<void> {
    await this.turmas.lockUserTurmas(userId);
    const row = await this.turmas.countTurmas(userId, data, exceptId);
    if (row.same > 0) throw new ConflictException({ message: MSG.turmaDuplicate(data.numero.trim(), data.escola.trim()) });
    if (exceptId === null && row.total >= LIMITS.turmasMax) throw new ConflictException({ message: MSG.turmasLimit });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.turmas.deleteTurma(userId, id))) throw new NotFoundException({ message: MSG.turmaNotFound });
  }

  /** Another user's class answers exactly like a missing one. */
  async owned(userId: string, id: string): Promise<TurmaRecord> {
    const turma = await this.turmas.findOwnedTurma(userId, id);
    if (!turma) throw new NotFoundException({ message: MSG.turmaNotFound });
    return turma;
  }
}

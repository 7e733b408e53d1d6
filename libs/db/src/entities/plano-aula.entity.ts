import { Cascade, Collection, Entity, Index, ManyToOne, OneToMany, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { schoolDate, type GenerationState, type PeriodoTipo, type PlanStatus } from '@planejador/contracts';
import { Aula } from './aula.entity';
import { Turma } from './turma.entity';
import { User } from './user.entity';

@Entity({ tableName: 'planos_aula' })
@Index({ properties: ['user', 'createdAt', 'id'] })
export class PlanoAula {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 200 })
  temaPrincipal!: string;

  /** The server built the title from the lessons (the teacher gave none): it follows their titles once written. */
  @Property({ type: 'boolean', default: false })
  temaAutomatico: boolean & Opt = false;

  @Property({ type: 'string', length: 48 })
  materiaGeral!: string;

  @ManyToOne(() => Turma, { ref: true, deleteRule: 'cascade', index: true })
  turma!: Ref<Turma>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', length: 16, default: 'gerado' })
  status: PlanStatus & Opt = 'gerado';

  @Property({ type: 'boolean', default: true })
  limitOneSkill: boolean & Opt = true;

  @Property({ type: 'boolean', default: true })
  preferirSeduc: boolean & Opt = true;

  @Property({ type: 'smallint', default: 3 })
  nivelDetalhamento: number & Opt = 3;

  /** Generation state, separate from the review status. */
  @Property({ type: 'string', length: 16, default: 'queued' })
  generationState: GenerationState & Opt = 'queued';

  @Property({ type: 'text', nullable: true })
  generationError: string | null = null;

  /** Set once, in the same transaction that gives the credit back. */
  @Property({ type: 'boolean', default: false })
  creditRefunded: boolean & Opt = false;

  /** Which generator wrote the plan: 'openai' or 'offline'. */
  @Property({ type: 'string', length: 16, nullable: true })
  generator: string | null = null;

  @Property({ type: 'string', length: 128, nullable: true })
  idempotencyKey: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  enqueuedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;

  /** The plan's trimestre (1..3) under a trimestre calendar (= periodo); null under a bimestre or semestre one. */
  @Property({ type: 'smallint', nullable: true })
  trimestre: number | null = 1;

  /** The plan's period (1..4) of its year's calendar kind (`periodoTipo`). */
  @Property({ type: 'smallint', default: 1 })
  periodo: number & Opt = 1;

  /**
   * The calendar year of the start date, else of creation (school time zone): whose calendar places the plan. The
   * repository sets it; a plan made without one is of this year.
   */
  @Property({ type: 'smallint' })
  ano: number & Opt = Number(schoolDate().slice(0, 4));

  /** The kind of the plan's year's calendar when the period was placed: trimestre, bimestre or semestre. */
  @Property({ type: 'string', columnType: 'text', default: 'trimestre' })
  periodoTipo: PeriodoTipo & Opt = 'trimestre';

  /** The teacher chose the period (kept when her calendar changes, where the new kind has it); false: derived. */
  @Property({ type: 'boolean', default: false })
  trimestreEscolhido: boolean & Opt = false;

  /** Optional period, ISO dates ('aaaa-mm-dd'). */
  @Property({ type: 'date', nullable: true })
  dataInicio: string | null = null;

  @Property({ type: 'date', nullable: true })
  dataFim: string | null = null;

  /** Length of each lesson in minutes (30..300). */
  @Property({ type: 'smallint', nullable: true })
  duracaoAulaMin: number | null = null;

  @OneToMany(() => Aula, (a) => a.plano, { cascade: [Cascade.ALL], orderBy: { numeroAula: 'asc' } })
  aulas = new Collection<Aula>(this);

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

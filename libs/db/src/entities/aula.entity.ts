import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { Dua, LessonGenerationState, LessonWarning, RegenerateLessonJob, Verificacao } from '@planejador/contracts';
import { PlanoAula } from './plano-aula.entity';

@Entity({ tableName: 'aulas' })
@Unique({ properties: ['plano', 'numeroAula'] })
export class Aula {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => PlanoAula, { ref: true, deleteRule: 'cascade' })
  plano!: Ref<PlanoAula>;

  @Property({ type: 'smallint' })
  numeroAula!: number;

  @Property({ type: 'string', length: 48 })
  materia!: string;

  @Property({ type: 'text' })
  prompt!: string;

  /** The short name of the lesson's own topic (3-80 characters); null until the lesson is written. */
  @Property({ type: 'string', length: 80, nullable: true })
  titulo: string | null = null;

  @Property({ type: 'text', nullable: true })
  habilidades: string | null = null;

  @Property({ type: 'text', nullable: true })
  objetivos: string | null = null;

  @Property({ type: 'text', nullable: true })
  objetosConhecimento: string | null = null;

  @Property({ type: 'text', nullable: true })
  experiencias: string | null = null;

  @Property({ type: 'text', nullable: true })
  evidencias: string | null = null;

  /** How the text was made, for the teacher (an offline adaptation, a wish recorded without an AI); never in a document. */
  @Property({ type: 'text', nullable: true })
  nota: string | null = null;

  /** The check of learning for the end of the lesson (3 to 5 questions); null until written. */
  @Property({ type: 'json', nullable: true })
  verificacao: Verificacao | null = null;

  /** DUA strategies for the class's barreiras; null when it has none or before the lesson is written. */
  @Property({ type: 'json', nullable: true })
  dua: Dua | null = null;

  /** BNCC codes chosen for this lesson, each checked against the curriculum. */
  @Property({ type: 'json', default: "'[]'" })
  habilidadeCodes: string[] & Opt = [];

  @Property({ type: 'string', length: 16, default: 'queued' })
  generationState: LessonGenerationState & Opt = 'queued';

  @Property({ type: 'text', nullable: true })
  generationError: string | null = null;

  /** 0 before the first generation; 1 after it; +1 at each change of content (aula_versoes keeps each). */
  @Property({ type: 'integer', default: 0 })
  versao: number & Opt = 0;

  /** Codes the teacher pinned: the lesson cites exactly these. */
  @Property({ type: 'json', default: "'[]'" })
  habilidadesFixadas: string[] & Opt = [];

  /** Warnings the plan page shows on this lesson (for example 'habilidade-a-confirmar'). */
  @Property({ type: 'json', default: "'[]'" })
  avisos: LessonWarning[] & Opt = [];

  /** Regenerations counted against the free ones (a failed lesson's regenerations are not counted). */
  @Property({ type: 'integer', default: 0 })
  regeneracoes: number & Opt = 0;

  /** The regeneration in flight took a credit; cleared when it is given back (exactly once). */
  @Property({ type: 'boolean', default: false })
  regenerationCharged: boolean & Opt = false;

  /** Job id of the last regeneration (the sweeper queues it again if Redis lost it). */
  @Property({ type: 'string', length: 128, nullable: true })
  regenerationJobId: string | null = null;

  /** The lesson's state before the regeneration in flight: where it returns if the regeneration fails. */
  @Property({ type: 'string', length: 16, nullable: true })
  regenerationPreviousState: LessonGenerationState | null = null;

  /** The regeneration in flight, as queued (the job's payload): the sweeper queues it again if Redis lost it. */
  @Property({ type: 'json', nullable: true })
  regenerationRequest: RegenerateLessonJob | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

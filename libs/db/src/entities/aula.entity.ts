import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { LessonGenerationState } from '@planejador/contracts';
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

  @Property({ type: 'string', length: 32 })
  materia!: string;

  @Property({ type: 'text' })
  prompt!: string;

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

  /** BNCC codes chosen for this lesson, each checked against the curriculum. */
  @Property({ type: 'json', default: "'[]'" })
  habilidadeCodes: string[] & Opt = [];

  @Property({ type: 'string', length: 16, default: 'pending' })
  generationState: LessonGenerationState & Opt = 'pending';

  @Property({ type: 'text', nullable: true })
  generationError: string | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

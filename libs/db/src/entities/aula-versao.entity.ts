import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { Dua, RegenerableField, Verificacao, VersionOrigin } from '@planejador/contracts';
import { Aula } from './aula.entity';

/** One content of a lesson (the current one included): generation, regeneration, saved edit or restore. */
@Entity({ tableName: 'aula_versoes' })
@Unique({ properties: ['aula', 'versao'] })
export class AulaVersaoRecord {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Aula, { ref: true, deleteRule: 'cascade' })
  aula!: Ref<Aula>;

  @Property({ type: 'integer' })
  versao!: number;

  @Property({ type: 'string', length: 16 })
  origem!: VersionOrigin;

  @Property({ type: 'string', length: 80, nullable: true })
  titulo: string | null = null;

  @Property({ type: 'json', nullable: true })
  verificacao: Verificacao | null = null;

  @Property({ type: 'json', nullable: true })
  dua: Dua | null = null;

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

  @Property({ type: 'json', default: "'[]'" })
  habilidadeCodes: string[] & Opt = [];

  @Property({ type: 'text', nullable: true })
  instrucao: string | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  campo: RegenerableField | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

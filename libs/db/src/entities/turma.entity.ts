import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { Barreira } from '@planejador/contracts';
import { User } from './user.entity';

@Entity({ tableName: 'turmas' })
export class Turma {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 200 })
  nomeProfessor!: string;

  @Property({ type: 'string', length: 200 })
  numero!: string;

  @Property({ type: 'string', length: 200 })
  escola!: string;

  /** The school stage (libs/contracts etapas.ts); `ano` is one of its years. */
  @Property({ type: 'string', length: 16, default: 'fundamental' })
  etapa: string & Opt = 'fundamental';

  @Property({ type: 'string', length: 1 })
  ano!: string;

  @Property({ type: 'string', length: 2, default: 'RS' })
  estado: string & Opt = 'RS';

  @Property({ type: 'string', length: 32, default: 'SEDUC-RS_2025' })
  instituicao: string & Opt = 'SEDUC-RS_2025';

  @Property({ type: 'text', nullable: true })
  observacoesAdicionais: string | null = null;

  /** What the class needs (tags, never people). */
  @Property({ type: 'json', default: "'[]'" })
  barreiras: Barreira[] & Opt = [];

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

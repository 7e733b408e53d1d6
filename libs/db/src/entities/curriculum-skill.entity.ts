import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** One BNCC skill (habilidade), imported from the curriculum files. */
@Entity({ tableName: 'curriculum_skills' })
@Index({ properties: ['component'] })
export class CurriculumSkill {
  @PrimaryKey({ type: 'string', length: 16 })
  code!: string;

  /** The school stage: infantil, fundamental or medio (libs/contracts etapas.ts). */
  @Property({ type: 'string', length: 16, default: 'fundamental' })
  etapa: string = 'fundamental';

  @Property({ type: 'string', length: 48 })
  component!: string;

  @Property({ type: 'string', length: 64 })
  bnccComponent!: string;

  @Property({ type: 'json' })
  years!: number[];

  @Property({ type: 'text' })
  unit!: string;

  @Property({ type: 'text', nullable: true })
  field: string | null = null;

  @Property({ type: 'text', nullable: true })
  axis: string | null = null;

  @Property({ type: 'json' })
  knowledgeObjects!: string[];

  @Property({ type: 'text' })
  description!: string;

  /** 'bncc' now; 'rs' when a state matrix is imported. */
  @Property({ type: 'string', length: 8, default: 'bncc' })
  source: string = 'bncc';
}

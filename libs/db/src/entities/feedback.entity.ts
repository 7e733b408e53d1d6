import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

@Entity({ tableName: 'feedback' })
export class Feedback {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'smallint' })
  rating!: number;

  @Property({ type: 'string', length: 500, nullable: true })
  comment: string | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

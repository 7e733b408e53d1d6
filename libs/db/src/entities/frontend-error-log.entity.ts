import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

@Entity({ tableName: 'frontend_error_logs' })
export class FrontendErrorLog {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'text', nullable: true })
  stack: string | null = null;

  @Property({ type: 'text', nullable: true })
  componentStack: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  timestamp: string | null = null;

  @Property({ type: 'text', nullable: true })
  url: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

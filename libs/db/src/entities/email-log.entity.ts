import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { EmailSendStatus } from '@planejador/contracts';
import { User } from './user.entity';

/** One bulk e-mail send by an admin: the record is the log and the job's source of truth. */
@Entity({ tableName: 'email_logs' })
export class EmailLog {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  admin: Ref<User> | null = null;

  @Property({ type: 'string', length: 254 })
  adminEmail!: string;

  @Property({ type: 'string', length: 200 })
  subject!: string;

  @Property({ type: 'text' })
  html!: string;

  @Property({ type: 'text', nullable: true })
  text: string | null = null;

  @Property({ type: 'json' })
  toAddresses!: string[];

  @Property({ type: 'json' })
  ccAddresses!: string[];

  @Property({ type: 'json' })
  bccAddresses!: string[];

  @Property({ type: 'integer' })
  recipientCount!: number;

  @Property({ type: 'string', length: 16, default: 'queued' })
  status: EmailSendStatus & Opt = 'queued';

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'integer', default: 0 })
  attempts: number & Opt = 0;

  @Property({ type: 'datetime', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()', index: true })
  createdAt: Date & Opt = new Date();
}

import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * Only the SHA-256 of the token is stored; the token itself travels in the e-mail link alone. The api stores the
 * record and queues its id; the worker makes the token and fills tokenHash (null until then).
 */
@Entity({ tableName: 'password_reset_tokens' })
export class PasswordResetToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'string', length: 64, unique: true, nullable: true })
  tokenHash: string | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

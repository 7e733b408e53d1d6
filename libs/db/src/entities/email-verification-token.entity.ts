import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * A link that confirms a user's e-mail address (24 h, once). As with password resets, the api stores the record
 * and queues its id; the worker makes the token, stores its SHA-256 here and puts the plaintext in the e-mail only.
 */
@Entity({ tableName: 'email_verification_tokens' })
export class EmailVerificationToken {
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

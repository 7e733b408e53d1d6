import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { Role } from '@planejador/contracts';

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  /** argon2id hash; never leaves the api. */
  @Property({ type: 'string', hidden: true, lazy: false })
  password!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  firstName: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  lastName: string | null = null;

  @Property({ type: 'string', length: 2000, nullable: true })
  profileImageUrl: string | null = null;

  @Property({ type: 'integer', default: 35 })
  credits: number & Opt = 35;

  @Property({ type: 'string', length: 16, default: 'teacher' })
  role: Role & Opt = 'teacher';

  /** When the owner confirmed the address through the e-mailed link; null until then. */
  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt: Date | null = null;

  /**
   * When the current password was set through a link mailed to the address (the reset flow); null when it was set
   * otherwise (registration). ADMIN_EMAILS grants admin only when it is set.
   */
  @Property({ type: 'datetime', nullable: true })
  passwordSetByMailAt: Date | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}

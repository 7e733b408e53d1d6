import { Entity, ManyToOne, Opt, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/** A rendered .docx waiting for the api to stream it (removed once streamed, or swept after expiresAt). */
@Entity({ tableName: 'export_files' })
export class ExportFile {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'uuid' })
  planoId!: string;

  @Property({ type: 'string', length: 300 })
  fileName!: string;

  @Property({ type: 'blob', lazy: true })
  content!: Buffer;

  @Property({ type: 'integer' })
  bytes!: number;

  @Property({ type: 'datetime', index: true })
  expiresAt!: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

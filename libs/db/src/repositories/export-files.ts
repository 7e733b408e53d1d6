import type { EntityManager } from '@mikro-orm/postgresql';
import { ExportFile, User } from '../entities';
import { Repository, type Args } from '../database';

/** Stores a rendered file of the user's plan until `expiresAt` (the api streams it once, see takeExportFile); returns its id. */
export async function insertExportFile(
  em: EntityManager,
  file: { userId: string; planoId: string; fileName: string; content: Buffer; expiresAt: Date },
): Promise<string> {
  const record = em.create(ExportFile, {
    user: em.getReference(User, file.userId),
    planoId: file.planoId,
    fileName: file.fileName,
    content: file.content,
    bytes: file.content.length,
    expiresAt: file.expiresAt,
  });
  await em.flush();
  return record.id;
}

/**
 * Takes the user's rendered file: deletes it and returns it (streamed once: the next export renders again rather
 * than pointing at a file that is gone). null when it is not there (another request took it, or it expired).
 */
export async function takeExportFile(
  em: EntityManager,
  userId: string,
  fileId: string,
): Promise<{ fileName: string; content: Buffer; bytes: number } | null> {
  const rows = await em.execute<{ file_name: string; content: Buffer; bytes: number }[]>(
    `delete from export_files where id = ? and user_id = ? returning file_name, content, bytes`,
    [fileId, userId],
  );
  return rows[0] ? { fileName: rows[0].file_name, content: rows[0].content, bytes: rows[0].bytes } : null;
}

/** Removes the files nobody streamed before they expired (the request timed out or went away). */
export async function deleteExpiredExportFiles(em: EntityManager): Promise<void> {
  await em.execute(`delete from export_files where expires_at < now()`);
}

/** The queries above, on the process's Database (injected in the api and the worker). */
export class ExportFilesRepository extends Repository {
  insertExportFile(...a: Args<typeof insertExportFile>): ReturnType<typeof insertExportFile> {
    return insertExportFile(this.em, ...a);
  }

  takeExportFile(...a: Args<typeof takeExportFile>): ReturnType<typeof takeExportFile> {
    return takeExportFile(this.em, ...a);
  }

  deleteExpiredExportFiles(...a: Args<typeof deleteExpiredExportFiles>): ReturnType<typeof deleteExpiredExportFiles> {
    return deleteExpiredExportFiles(this.em, ...a);
  }
}

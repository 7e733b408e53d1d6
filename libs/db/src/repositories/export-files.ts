import { ExportFile, User } from '../entities';
import { Repository } from '../database';

/** Its queries, each one method, on the process's Database (injected by class in the api and the worker). */
export class ExportFilesRepository extends Repository {
  /** Stores a rendered file of the user's plan until `expiresAt` (the api streams it once, see takeExportFile); returns its id. */
  async insertExportFile(
    file: { userId: string; planoId: string; fileName: string; content: Buffer; expiresAt: Date },
  ): Promise<string> {
    const em = this.em;
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
  async takeExportFile(
    userId: string,
    fileId: string,
  ): Promise<{ fileName: string; content: Buffer; bytes: number } | null> {
    const rows = await this.em.execute<{ file_name: string; content: Buffer; bytes: number }[]>(
      `delete from export_files where id = ? and user_id = ? returning file_name, content, bytes`,
      [fileId, userId],
    );
    return rows[0] ? { fileName: rows[0].file_name, content: rows[0].content, bytes: rows[0].bytes } : null;
  }

  /** Removes the files nobody streamed before they expired (the request timed out or went away). */
  async deleteExpiredExportFiles(): Promise<void> {
    await this.em.execute(`delete from export_files where expires_at < now()`);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { forgetGroup, killGroup, recordGroup } from '@planejador/config';
import { DocumentRenderer } from './document-renderer';

/** LibreOffice (soffice) is not on this worker's PATH: the PDF cannot be made here, the .docx still can. */
export class PdfUnavailableError extends Error {}

/** The conversion outlived its time-out and was killed: trying again would most likely hang the same way. */
export class PdfTimeoutError extends Error {}

/**
 * .docx -> PDF with LibreOffice headless, the one external program of the export. Each conversion gets its own
 * directory, inside this worker process's conversion folder (DocumentRenderer.folder), and its own LibreOffice profile
 * (-env:UserInstallation), so conversions running at once never share (or lock) a profile; the directory goes when the
 * conversion ends, converted or not. soffice runs in its own process group, marked in the folder while it runs: a
 * conversion that outlives the render's deadline is killed with the soffice.bin it started, and the launcher ends the
 * group of a worker that died.
 */
@Injectable()
export class PdfConverter {
  private readonly logger = new Logger(PdfConverter.name);

  constructor(private readonly renderer: DocumentRenderer) {}

  /** The PDF of `docx`, converted by `deadline` (the render's, under the api's wait: a stuck conversion says so here). */
  async toPdf(docx: Buffer, deadline: number): Promise<Buffer> {
    const dir = await mkdtemp(join(this.renderer.folder, 'pdf-'));
    try {
      const input = join(dir, 'documento.docx');
      await writeFile(input, docx);
      await this.soffice(
        [`-env:UserInstallation=${pathToFileURL(join(dir, 'perfil')).href}`, '--headless', '--norestore', '--nolockcheck', '--convert-to', 'pdf', '--outdir', dir, input],
        Math.max(1, deadline - Date.now()),
      );
      return await readFile(join(dir, 'documento.pdf')).catch(() => {
        throw new Error('soffice wrote no PDF');
      });
    } finally {
      await rm(dir, { recursive: true, force: true }).catch((err: Error) => this.logger.warn({ err: err.message }, 'temporary PDF directory left behind'));
    }
  }

  private soffice(args: string[], timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn('soffice', args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
      const pgid = child.pid;
      if (pgid) recordGroup(this.renderer.folder, pgid);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString();
      });
      const timer = setTimeout(() => {
        killGroup(child.pid);
        reject(new PdfTimeoutError(`soffice passed the time limit of ${timeoutMs} ms and was killed`));
      }, timeoutMs);
      child.once('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(err.code === 'ENOENT' ? new PdfUnavailableError('soffice not found in PATH') : err);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (pgid) forgetGroup(this.renderer.folder, pgid);
        if (code === 0) resolve();
        else reject(new Error(`soffice ended with ${signal ?? code}: ${stderr.trim().slice(0, 300)}`));
      });
    });
  }
}

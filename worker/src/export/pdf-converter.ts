import { Inject, Injectable, Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Settings } from '@planejador/config';
import { SETTINGS } from '../core/tokens';

/** LibreOffice (soffice) is not on this worker's PATH: the PDF cannot be made here, the .docx still can. */
export class PdfUnavailableError extends Error {}

/** The conversion outlived its time-out and was killed: trying again would most likely hang the same way. */
export class PdfTimeoutError extends Error {}

/**
 * .docx -> PDF with LibreOffice headless, the one external program of the export. Each conversion gets its own
 * temporary directory and its own LibreOffice profile (-env:UserInstallation), so conversions running at once never
 * share (or lock) a profile; the directory goes when the conversion ends, converted or not. soffice runs in its own
 * process group, so a conversion that outlives the time-out is killed with the soffice.bin it started.
 */
@Injectable()
export class PdfConverter {
  private readonly logger = new Logger(PdfConverter.name);

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  async toPdf(docx: Buffer): Promise<Buffer> {
    const dir = await mkdtemp(join(tmpdir(), 'planejador-pdf-'));
    try {
      const input = join(dir, 'documento.docx');
      await writeFile(input, docx);
      await this.soffice(
        [`-env:UserInstallation=${pathToFileURL(join(dir, 'perfil')).href}`, '--headless', '--norestore', '--nolockcheck', '--convert-to', 'pdf', '--outdir', dir, input],
        // Under the api's wait, so a stuck conversion fails here (and says so) before the request gives up.
        Math.max(1000, Math.floor(this.settings.EXPORT_TIMEOUT_MS * 0.8)),
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
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString();
      });
      const timer = setTimeout(() => {
        killGroup(child.pid);
        reject(new PdfTimeoutError(`soffice timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      child.once('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(err.code === 'ENOENT' ? new PdfUnavailableError('soffice not found in PATH') : err);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`soffice ended with ${signal ?? code}: ${stderr.trim().slice(0, 300)}`));
      });
    });
  }
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

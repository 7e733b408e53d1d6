import { contentDisposition, DOCX_MEDIA_TYPE } from '@planejador/contracts';
import type { Response } from 'express';

/** Streams a .docx the worker rendered: its readable name, its length, and never cached. */
export function sendDocx(res: Response, file: { fileName: string; content: Buffer }): void {
  res.setHeader('Content-Type', DOCX_MEDIA_TYPE);
  res.setHeader('Content-Disposition', contentDisposition(file.fileName));
  res.setHeader('Content-Length', String(file.content.length));
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.content);
}

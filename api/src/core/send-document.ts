import { contentDisposition, DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE } from '@planejador/contracts';
import type { Response } from 'express';

/** Streams a document the worker rendered (.docx unless told): its readable name, its length, and never cached. */
export function sendDocument(res: Response, file: { fileName: string; content: Buffer }, formato: 'docx' | 'pdf' = 'docx'): void {
  res.setHeader('Content-Type', formato === 'pdf' ? PDF_MEDIA_TYPE : DOCX_MEDIA_TYPE);
  res.setHeader('Content-Disposition', contentDisposition(file.fileName));
  res.setHeader('Content-Length', String(file.content.length));
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.content);
}

import { request } from '@/lib/http';

/**
 * The download name from Content-Disposition: filename* (RFC 5987, UTF-8, keeps accents) first,
 * then filename, else the fallback.
 */
function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([\w-]*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const name = decodeURIComponent(unquote(extended[2]));
      if (name) return name;
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header);
  const name = plain ? unquote(plain[1]).replace(/\\(.)/g, '$1') : '';
  return name || fallback;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
}

/** A file the api sent, with the name it gave. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GETs a document the api renders (a .docx or a PDF; errors come as JSON with a message, thrown as HttpError) and
 * returns it with its readable name (Content-Disposition), or `fallback`.
 */
export async function fetchFile(url: string, mediaType: string, fallback: string): Promise<DownloadedFile> {
  const response = await request('GET', url, { headers: { Accept: `${mediaType}, application/json` } });
  const blob = await response.blob();
  return { blob, fileName: fileNameFromDisposition(response.headers.get('Content-Disposition'), fallback) };
}

/** Hands the file to the browser as a download. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

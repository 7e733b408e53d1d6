import { cleanText } from './text-blocks';
import { formatDateForFileName } from './pt-br-format';

const THEME_MAX = 80;
const TURMA_MAX = 30;
export const FILE_NAME_MAX = 150;

// Unsafe on Windows, macOS or Linux, or in a header: path separators, reserved punctuation, controls.
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001F\u007F]/g;

/** Text fit for a file name: no characters a file system or a header refuses, at most `max` characters. */
export function safeFileNamePart(text: string, max: number): string {
  const cleaned = cleanText(text).replace(UNSAFE_IN_FILE_NAME, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(cleaned);
  if (chars.length <= max) return cleaned;
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A readable file name: 'Plano de Aula - Turma 51 - Frações - 22-11-2026.docx'. */
export function planFileName(plan: { turma: string; temaPrincipal: string; createdAt: Date }): string {
  const parts = ['Plano de Aula'];
  const turma = safeFileNamePart(plan.turma, TURMA_MAX);
  if (turma) parts.push(`Turma ${turma}`);
  const tema = safeFileNamePart(plan.temaPrincipal, THEME_MAX);
  if (tema) parts.push(tema);
  parts.push(formatDateForFileName(plan.createdAt));
  // Windows trims trailing dots and spaces from names; keep the base name free of them.
  const base = Array.from(parts.join(' - ')).slice(0, FILE_NAME_MAX - 5).join('').replace(/[.\s]+$/, '');
  return `${base}.docx`;
}

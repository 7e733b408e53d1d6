import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bnccRecordSchema, rsRecordSchema, type BnccRecord } from '@planejador/contracts';
import type { z } from 'zod';
import { fromBncc, type CurriculumRecord } from './curriculum-record';

export const BNCC_FILE = 'bncc-ef.json';

/**
 * The curriculum files (SOURCES.md) in import order, each with the records it must hold: the import refuses a file
 * with another count, or with a record of another stage or subject. 1,721 items in all.
 */
export const CURRICULUM_FILES = [
  { file: 'bncc-ei.json', label: 'Educação Infantil', count: 93, holds: (r: BnccRecord) => r.etapa === 'infantil' && r.component !== 'computacao' },
  { file: BNCC_FILE, label: 'Ensino Fundamental', count: 1304, holds: (r: BnccRecord) => r.etapa === 'fundamental' && r.component !== 'computacao' },
  { file: 'bncc-em.json', label: 'Ensino Médio', count: 183, holds: (r: BnccRecord) => r.etapa === 'medio' && r.component !== 'computacao' },
  { file: 'bncc-computacao.json', label: 'Computação', count: 141, holds: (r: BnccRecord) => r.component === 'computacao' },
] as const;
/** A state (RS) matrix in the BNCC shape plus 'expectativas'; none exists yet (see SOURCES.md). */
export const RS_FILE = 'rs-matrix.json';

/** Invalid curriculum files: every problem, each naming the file, the line and the code. */
export class CurriculumValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Dados curriculares inválidos (${problems.length} problema(s)):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'CurriculumValidationError';
  }
}

export interface CurriculumFiles {
  /** Paths of the files read. */
  files: string[];
  records: CurriculumRecord[];
  /** Records of the state matrix (new state skills plus BNCC skills that received expectations). */
  rsRecords: number;
}

/**
 * Reads and validates the curriculum files of a directory. Nothing is returned unless every record is valid,
 * so an import never writes half a file.
 */
export function readCurriculumFiles(dir: string): CurriculumFiles {
  const missing = CURRICULUM_FILES.map(({ file }) => join(dir, file)).filter((path) => !existsSync(path));
  if (missing.length) throw new CurriculumValidationError(missing.map((path) => `${path}: arquivo não encontrado`));
  const problems: string[] = [];
  const files: string[] = [];
  const byCode = new Map<string, CurriculumRecord>();
  for (const { file, label, count, holds } of CURRICULUM_FILES) {
    const path = join(dir, file);
    files.push(path);
    const { valid, total } = parseRecords(path, bnccRecordSchema, problems);
    if (total !== count) problems.push(`${file}: ${total} registros, esperados ${count} (${label})`);
    for (const record of valid.map(fromBncc)) {
      if (!holds(record)) problems.push(`${file}: ${record.code} não é de ${label}`);
      if (byCode.has(record.code)) problems.push(`${file}: código repetido ${record.code}`);
      byCode.set(record.code, record);
    }
  }
  let rsRecords = 0;
  const rsPath = join(dir, RS_FILE);
  if (existsSync(rsPath)) {
    files.push(rsPath);
    for (const rs of parseFile(rsPath, rsRecordSchema, problems)) {
      rsRecords++;
      const official = byCode.get(rs.code);
      if (official && official.source === 'bncc') {
        // A BNCC skill keeps its official text; the state matrix only adds its expectations.
        official.expectativas = [...new Set([...official.expectativas, ...rs.expectativas])];
      } else if (official) {
        problems.push(`${RS_FILE}: código repetido ${rs.code}`);
      } else {
        const { expectativas, ...record } = rs;
        byCode.set(rs.code, { ...record, source: 'rs', expectativas });
      }
    }
  }
  if (problems.length) throw new CurriculumValidationError(problems);
  return { files, records: [...byCode.values()], rsRecords };
}

function parseFile<S extends z.ZodType>(path: string, schema: S, problems: string[]): z.output<S>[] {
  return parseRecords(path, schema, problems).valid;
}

/** The valid records of a file and how many it holds (valid or not); each invalid one is a problem. */
function parseRecords<S extends z.ZodType>(path: string, schema: S, problems: string[]): { valid: z.output<S>[]; total: number } {
  const name = path.split(/[\\/]/).pop() ?? path;
  const text = readFileSync(path, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    problems.push(`${name}: JSON inválido (${err instanceof Error ? err.message : String(err)})`);
    return { valid: [], total: 0 };
  }
  if (!Array.isArray(data)) {
    problems.push(`${name}: esperado um array de registros`);
    return { valid: [], total: 0 };
  }
  const lines = codeLines(text);
  const valid: z.output<S>[] = [];
  data.forEach((item: unknown, i) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      valid.push(parsed.data);
      return;
    }
    const code = typeof item === 'object' && item !== null && 'code' in item ? String(item.code) : null;
    const where = code && lines.has(code) ? `linha ${lines.get(code)}` : `registro ${i + 1}`;
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(registro)'}: ${issue.message}`);
    problems.push(`${name}, ${where}${code ? ` (${code})` : ''}: ${issues.join('; ')}`);
  });
  return { valid, total: data.length };
}

/** Line (1-based) where each code first appears: the files hold one record per line. */
function codeLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    for (const match of line.matchAll(/"code"\s*:\s*"([^"]*)"/g)) {
      if (!lines.has(match[1])) lines.set(match[1], i + 1);
    }
  });
  return lines;
}

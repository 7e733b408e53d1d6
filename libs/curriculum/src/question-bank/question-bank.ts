import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { foldText } from '../text/portuguese-text';
import { checkSkillItems, type BankItem, type BankSkill } from './bank-rules';

/** The shipped bank: libs/curriculum/data/question-bank/*.json, each `{ "<code>": [items] }` (SOURCES.md). */
export const QUESTION_BANK_DIR = resolve(__dirname, '..', '..', 'data', 'question-bank');

/** Every file of the bank, read: code -> items, and where each code came from. */
export interface BankFiles {
  items: Map<string, BankItem[]>;
  fileOf: Map<string, string>;
  /** Problems of the files themselves (invalid JSON, a code in two files, not an array). */
  problems: string[];
}

export function readBankFiles(dir: string = QUESTION_BANK_DIR): BankFiles {
  const items = new Map<string, BankItem[]>();
  const fileOf = new Map<string, string>();
  const problems: string[] = [];
  if (!existsSync(dir)) return { items, fileOf, problems };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (err) {
      problems.push(`${file}: JSON inválido (${err instanceof Error ? err.message : String(err)})`);
      continue;
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      problems.push(`${file}: esperado um objeto { "CÓDIGO": [itens] }`);
      continue;
    }
    for (const [code, list] of Object.entries(data as Record<string, unknown>)) {
      if (!Array.isArray(list)) problems.push(`${file}: ${code} deve ter uma lista de itens`);
      else if (fileOf.has(code)) problems.push(`${file}: ${code} já está em ${fileOf.get(code)}`);
      else {
        items.set(code, list as BankItem[]);
        fileOf.set(code, file);
      }
    }
  }
  return { items, fileOf, problems };
}

/** Every problem of the bank against the curriculum's skills: unknown codes, and each skill's items by the rules. */
export function checkBank(bank: BankFiles, skills: readonly BankSkill[]): string[] {
  const byCode = new Map(skills.map((s) => [s.code, s]));
  const problems = [...bank.problems];
  // No two items of the whole bank share a statement (case, accents and spacing folded).
  const firstAt = new Map<string, string>();
  for (const [code, items] of bank.items) {
    items.forEach((item, i) => {
      const key = typeof item?.enunciado === 'string' ? foldText(item.enunciado).replace(/\s+/g, ' ').trim() : '';
      const seen = firstAt.get(key);
      if (key && seen && !seen.startsWith(`${code} `)) problems.push(`${bank.fileOf.get(code)}: ${code} item ${i + 1}: enunciado igual ao de ${seen}`);
      else if (key && !seen) firstAt.set(key, `${code} item ${i + 1}`);
    });
  }
  for (const [code, items] of bank.items) {
    const skill = byCode.get(code);
    if (!skill) problems.push(`${bank.fileOf.get(code)}: ${code} não é uma habilidade/objetivo do currículo`);
    else problems.push(...checkSkillItems(skill, items).map((p) => `${bank.fileOf.get(code)}: ${p}`));
  }
  return problems;
}

/**
 * Checks the question bank, or some of its files, against the curriculum and the bank's rules:
 *   node libs/curriculum/dist/question-bank/cli.js [file.json ...]
 * Prints each problem and, per file, how many skills it covers; exits 1 when a problem is found.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { bandReadability, BANK_THRESHOLDS, type BankItem, type BankSkill } from './bank-rules';
import { checkBank, QUESTION_BANK_DIR, readBankFiles } from './question-bank';

const DATA = resolve(__dirname, '..', '..', 'data');

export function curriculumSkills(): BankSkill[] {
  return ['bncc-ei.json', 'bncc-ef.json', 'bncc-em.json', 'bncc-computacao.json'].flatMap((file) =>
    (JSON.parse(readFileSync(resolve(DATA, file), 'utf8')) as (BankSkill & { etapa?: BankSkill['etapa'] })[]).map((s) => ({
      code: s.code,
      etapa: s.etapa ?? 'fundamental',
      component: s.component,
      years: s.years,
      description: s.description,
    })),
  );
}

if (require.main === module) {
  const only = new Set(process.argv.slice(2).map((f) => basename(f)));
  const bank = readBankFiles(QUESTION_BANK_DIR);
  if (only.size) {
    for (const [code, file] of bank.fileOf) {
      if (!only.has(file)) {
        bank.items.delete(code);
        bank.fileOf.delete(code);
      }
    }
  }
  const skills = curriculumSkills();
  const problems = checkBank(bank, skills);
  for (const p of problems) console.log(p);
  const byCode = new Map(skills.map((s) => [s.code, s]));
  const entries = [...bank.items].filter(([code]) => byCode.has(code)).map(([code, items]) => ({ skill: byCode.get(code)!, items: items as BankItem[] }));
  for (const [band, r] of Object.entries(bandReadability(entries))) {
    const goal = BANK_THRESHOLDS[band as keyof typeof BANK_THRESHOLDS].fleschAverage;
    console.log(`Flesch médio ${band}: ${r!.average.toFixed(1)} em ${r!.items} itens (mínimo ${goal})${r!.average < goal ? ' ABAIXO' : ''}`);
  }
  console.log(`${bank.items.size} habilidades/objetivos, ${problems.length} problema(s)`);
  process.exit(problems.length ? 1 : 0);
}

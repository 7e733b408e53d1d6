import type { ResultadoResumo } from '@planejador/contracts';
import { ProgressBar } from '@/components/ui/progress-bar';

/** "65%": a share 0..1 as a whole percentage. */
export const percentText = (share: number) => `${Math.round(share * 100)}%`;

const studentsText = (n: number) => (n === 1 ? '1 estudante' : `${n} estudantes`);

/** A skill's recorded results in one line: the share at "desenvolveu" or above, of how many students. */
export function resultadoText(resultado: ResultadoResumo): string {
  if (resultado.desenvolveuOuMais === null) return 'Resultados: nenhum estudante contado';
  return `${percentText(resultado.desenvolveuOuMais)} desenvolveu ou mais (de ${studentsText(resultado.total)})`;
}

/** The share at "desenvolveu" or above as text with a small bar beside it (the bar repeats the text: hidden to readers). */
export function SkillResult({ resultado }: { resultado: ResultadoResumo }) {
  const covered = resultado.niveis.desenvolveu + resultado.niveis.desenvolveuPlenamente;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <p className="font-medium">{resultadoText(resultado)}</p>
      {resultado.total > 0 ? <ProgressBar value={covered} max={resultado.total} size="sm" /> : null}
    </div>
  );
}

import type { EtapaWords } from '@planejador/contracts';
import { ProgressBar } from '@/components/ui/progress-bar';
/** A share as a bar with its numbers in text: the colour is never the only signal. */
export function CoverageBar({ covered, total, label, words }: { covered: number; total: number; label: string; words?: EtapaWords }) {
  const skills = words ? `${words.habilidadesMinusculas} ${words.habilidadesArtigo === 'os' ? 'cobertos' : 'cobertas'}` : 'habilidades cobertas';
  const percent = total ? Math.round((covered / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {covered} de {total} ({percent}%)
        </span>
      </div>
      <ProgressBar value={covered} max={total} label={`${label}: ${covered} de ${total} ${skills}`} />
    </div>
  );
}

import { etapaWords, materiaLabel, periodoLabel, periodosDoTipo, type Etapa, type HandinFormato, type PeriodoTipo } from '@planejador/contracts';
import { FileDown, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { errorText } from '@/lib/http';
import { useExportTrimestre, type TrimestreExport } from '../api/export-trimestre';

const FORMATOS: { formato: HandinFormato; label: string }[] = [
  { formato: 'docx', label: '.docx' },
  { formato: 'pdf', label: 'PDF' },
];

/**
 * 'Documentos do trimestre' (or 'do bimestre', 'do semestre': the kind of this year's calendar): per period, the hand-in (a summary of the skills covered and still uncovered, lessons
 * and carga horária, then every plan of the trimestre) as .docx or PDF. One at a time (the server makes one export
 * per teacher at once): the one being made says so, the others wait; a failure is shown under its trimestre.
 */
export function TrimestreDocuments({ turmaId, materias, tipo = 'trimestre', etapa }: { turmaId: string; materias: readonly string[]; tipo?: PeriodoTipo; etapa?: Etapa }) {
  // The class's stage's words: infantil hands in a registro por campo de experiência with the points observed.
  const words = etapaWords(etapa);
  const infantil = words.gabarito === null;
  const nome = (n: number) => periodoLabel(n, tipo);
  const exporter = useExportTrimestre(turmaId);
  const busy = exporter.isPending ? exporter.variables : null;
  const failed = exporter.isError ? exporter.variables : null;
  const [materia, setMateria] = useState('');
  const selectId = useId();
  const download = (request: TrimestreExport) => exporter.mutate({ ...request, ...(materia ? { materia } : {}) });

  return (
    <section aria-labelledby="documentos-trimestre">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="documentos-trimestre">
            Documentos do {tipo}
          </CardTitle>
          <CardDescription>
            {infantil
              ? `Um arquivo com o resumo dos ${words.habilidadesMinusculas} trabalhados e ainda não trabalhados, as aulas e a carga horária, o registro por campo de experiência com os pontos de observação, seguido de todos os planos concluídos do ${tipo}, por data.`
              : `Um arquivo com o resumo ${words.habilidadesArtigo === 'os' ? 'dos' : 'das'} ${words.habilidadesMinusculas} desenvolvidas e ainda não desenvolvidas, as aulas e a carga horária, seguido de todos os planos concluídos do ${tipo}, por data.`}{' '}
            O PDF serve para a plataforma de avaliação docente (até 4 MB).
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* A period of more than 40 plans is handed in by subject. */}
          <div className="mb-3 flex flex-col gap-1.5 sm:max-w-xs">
            <Label htmlFor={selectId}>{words.materiaCurta} dos documentos</Label>
            <select
              id={selectId}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              value={materia}
              disabled={exporter.isPending}
              onChange={(event) => setMateria(event.target.value)}
            >
              <option value="">{`${words.materiaArtigo === 'o' ? 'Todos os' : 'Todas as'} ${words.materiasCurtas}`}</option>
              {materias.map((m) => (
                <option key={m} value={m}>
                  {materiaLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <ul className="flex flex-col divide-y">
            {periodosDoTipo(tipo).map((t) => (
              <li key={t} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <h3 className="text-sm font-semibold">{nome(t)}</h3>
                  <div className="flex flex-wrap gap-2">
                    {FORMATOS.map(({ formato, label }) => {
                      const running = busy?.trimestre === t && busy.formato === formato;
                      return (
                        <Button
                          key={formato}
                          variant="outline"
                          size="sm"
                          className="min-h-10 sm:min-h-0"
                          disabled={exporter.isPending}
                          aria-busy={running || undefined}
                          onClick={() => download({ trimestre: t, formato })}
                        >
                          {running ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileDown aria-hidden="true" />}
                          {running ? `Gerando ${label}…` : `Baixar ${label}`}
                          <span className="sr-only"> do {nome(t)}</span>
                        </Button>
                      );
                    })}
                  </div>
                </div>
                {failed?.trimestre === t ? (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {errorText(exporter.error, `Não foi possível gerar o ${failed.formato === 'pdf' ? 'PDF' : '.docx'} do ${nome(t)}. Tente novamente.`)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="sr-only" role="status" aria-live="polite">
            {busy ? `Gerando os documentos do ${nome(busy.trimestre)} (${busy.formato === 'pdf' ? 'PDF' : '.docx'})…` : ''}
          </p>
        </CardContent>
      </Card>
    </section>
  );
}

import {
  AVALIACAO_LIMITS,
  RESULTADO_NIVEIS,
  RESULTADO_NIVEL_NOMES,
  resultadoResumo,
  type Avaliacao,
  type AvaliacaoResultado,
  type ResultadoNivelKey,
  type ResultadoNiveis,
} from '@planejador/contracts';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/http';
import { useSaveResultados } from '../api/resultados';

type Draft = Record<ResultadoNivelKey, string>;

const EMPTY: Draft = { naoDesenvolveu: '', emDesenvolvimento: '', desenvolveu: '', desenvolveuPlenamente: '' };
const MAX = AVALIACAO_LIMITS.resultadoNivelMax;

const toDraft = (niveis: ResultadoNiveis): Draft =>
  Object.fromEntries(RESULTADO_NIVEIS.map((key) => [key, String(niveis[key])])) as Draft;

/** A field's count: empty is 0; null when it is not a whole number from 0 to 200. */
function count(value: string): number | null {
  const text = value.trim();
  if (text === '') return 0;
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX ? n : null;
}

/** "Não desenvolveu": the level's name as a label. */
const levelLabel = (key: ResultadoNivelKey) => RESULTADO_NIVEL_NOMES[key].charAt(0).toUpperCase() + RESULTADO_NIVEL_NOMES[key].slice(1);

const studentsText = (n: number) => (n === 1 ? '1 estudante' : `${n} estudantes`);

/**
 * Results by skill, counts only: for each skill, how many students reached each of the rubric's 4 levels, with the
 * total and the share at "desenvolveu" or above. Saves the skills that have a count or had one (an empty field is 0);
 * a skill never filled is not sent. No student's name is asked for.
 */
export function ResultsForm({ avaliacao }: { avaliacao: Avaliacao }) {
  const save = useSaveResultados(avaliacao.id);
  const stored = new Map(avaliacao.resultados.map((r) => [r.code, r.niveis]));
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(avaliacao.habilidades.map((h) => [h.code, stored.has(h.code) ? toDraft(stored.get(h.code)!) : EMPTY])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const change = (code: string, key: ResultadoNivelKey, value: string) => {
    setSaved(false);
    setProblem(null);
    setDrafts((current) => ({ ...current, [code]: { ...current[code], [key]: value } }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const habilidades: AvaliacaoResultado[] = [];
    for (const h of avaliacao.habilidades) {
      const draft = drafts[h.code] ?? EMPTY;
      const blank = RESULTADO_NIVEIS.every((key) => draft[key].trim() === '');
      if (blank && !stored.has(h.code)) continue;
      const niveis = {} as ResultadoNiveis;
      for (const key of RESULTADO_NIVEIS) {
        const n = count(draft[key]);
        if (n === null) {
          setProblem(`Habilidade ${h.code}: o número de estudantes em "${RESULTADO_NIVEL_NOMES[key]}" deve ser um inteiro de 0 a ${MAX}.`);
          return;
        }
        niveis[key] = n;
      }
      habilidades.push({ code: h.code, niveis });
    }
    if (!habilidades.length) {
      setProblem('Preencha os resultados de pelo menos uma habilidade.');
      return;
    }
    setProblem(null);
    save.mutate({ habilidades }, { onSuccess: () => setSaved(true) });
  };

  const message = problem ?? (save.error ? errorText(save.error, 'Não foi possível salvar os resultados. Tente novamente.') : null);
  return (
    <Card role="region" aria-labelledby="resultados-titulo">
      <CardHeader>
        <CardTitle as="h2" id="resultados-titulo" className="text-lg">
          Resultados da turma
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          Depois de aplicar a avaliação, registre quantos estudantes ficaram em cada nível da rubrica, por habilidade. Só os números são
          guardados, nunca nomes.
        </p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {avaliacao.habilidades.map((h) => {
            const draft = drafts[h.code] ?? EMPTY;
            const counts = RESULTADO_NIVEIS.map((key) => count(draft[key]));
            const valid = counts.every((n) => n !== null);
            const resumo = valid ? resultadoResumo(Object.fromEntries(RESULTADO_NIVEIS.map((key, i) => [key, counts[i]])) as ResultadoNiveis) : null;
            return (
              <fieldset key={h.code} className="flex flex-col gap-3 rounded-md border p-3">
                <legend className="px-1 text-sm font-semibold">
                  Resultados de <span className="font-mono">{h.code}</span>
                </legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {RESULTADO_NIVEIS.map((key, i) => {
                    const inputId = `res-${h.code}-${key}`;
                    return (
                      <div key={key} className="flex flex-col gap-1">
                        <label htmlFor={inputId} className="text-sm">
                          {levelLabel(key)}
                        </label>
                        <Input
                          id={inputId}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={MAX}
                          step={1}
                          value={draft[key]}
                          aria-invalid={counts[i] === null ? true : undefined}
                          onChange={(e) => change(h.code, key, e.target.value)}
                        />
                      </div>
                    );
                  })}
                </div>
                <p className="text-sm" aria-live="polite">
                  {resumo === null
                    ? `Cada nível aceita um número inteiro de 0 a ${MAX}.`
                    : `Total: ${studentsText(resumo.total)}${resumo.desenvolveuOuMais === null ? '' : ` · ${Math.round(resumo.desenvolveuOuMais * 100)}% desenvolveu ou mais`}`}
                </p>
              </fieldset>
            );
          })}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button type="submit" disabled={save.isPending} className="self-start">
              <Save aria-hidden="true" />
              {save.isPending ? 'Salvando...' : 'Salvar resultados'}
            </Button>
            <div role="status" aria-live="polite" className="text-sm">
              {saved && !save.isPending && !message ? 'Resultados salvos.' : null}
            </div>
          </div>
          {message ? (
            <p role="alert" className="text-sm text-destructive">
              {message}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

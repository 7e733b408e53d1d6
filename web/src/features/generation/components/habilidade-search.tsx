import { etapaWords, type Etapa } from '@planejador/contracts';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { noneMatch, staleResults, useSearchHabilidades } from '@/lib/api/search-habilidades';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { SkillPinToggle, type SkillPick } from './skill-pin';

const SEARCH_DEBOUNCE_MS = 300;
// The five best fits: enough to choose from without pushing the matrix out of sight.
const SEARCH_LIMIT = 5;

/** 'Buscar habilidade': the year's skills of the subject ranked by how well they fit what the teacher types. */
export function HabilidadeSearch({ etapa, ano, materia, pick }: { etapa?: Etapa; ano: string; materia: string; pick?: SkillPick }) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchHabilidades({ etapa, ano, materia, q, limit: SEARCH_LIMIT });
  const results = q ? (search.data ?? []) : [];
  // Results of an older text stay in view (no jump) but cannot be pinned until the new ones come.
  const stale = staleResults(search, text, q);
  // The stage's words: "habilidade" or, in infantil, "objetivo" (masculine: "Nenhum objetivo encontrado").
  const words = etapaWords(etapa);
  const one = words.habilidade;
  const many = words.habilidadesMinusculas;
  const masc = words.habilidadesArtigo === 'os';

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        <label htmlFor={id}>Buscar {one}</label>
      </h3>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Ex.: bingo das frações, roda de conversa sobre a família"
          className="pl-9"
          aria-describedby={`${id}-hint`}
          autoComplete="off"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Descreva a aula com suas palavras: {words.habilidadesArtigo} {many} que mais combinam aparecem primeiro.
      </p>
      {q && search.isFetching && !search.data ? <Spinner label={`Buscando ${many}...`} showLabel className="justify-start" /> : null}
      {q && search.isError ? (
        <p className="text-sm text-destructive">Não foi possível buscar agora. Tente novamente.</p>
      ) : null}
      <div aria-live="polite" className="sr-only">
        {q && search.isSuccess && !stale ? `${results.length} ${one}(s) encontrad${masc ? 'o' : 'a'}(s)` : ''}
      </div>
      {q && search.isSuccess && !stale && results.length === 0 ? (
        <p className="text-sm text-muted-foreground">{`Nenhum${masc ? '' : 'a'} ${one} encontrad${masc ? 'o' : 'a'} para essa busca.`}</p>
      ) : null}
      {q && search.isSuccess && !stale && noneMatch(results) ? (
        <p className="text-sm text-muted-foreground">
          {`Nenhum${masc ? '' : 'a'} ${one} combina com essas palavras. Abaixo estão ${words.habilidadesArtigo} ${many} dest${words.materiaArtigo} ${words.materiaCurta.toLowerCase()} e desta turma, ${words.habilidadesArtigo} de escrita mais parecida primeiro.`}
        </p>
      ) : null}
      {results.length > 0 && stale ? <p className="text-xs text-muted-foreground">Atualizando a busca para o novo texto...</p> : null}
      {results.length > 0 ? (
        <ol aria-label={`${words.habilidades} encontrad${masc ? 'os' : 'as'}`} aria-busy={stale} className="flex flex-col gap-2">
          {results.map((match) => (
            <li key={match.code} className={cn('rounded-md border bg-card p-3 text-sm', stale && 'border-dashed')}>
              <div className="flex items-start justify-between gap-2">
                <p>
                  <strong className="font-semibold">{match.code}</strong> {match.description}
                </p>
                {pick ? <SkillPinToggle code={match.code} pick={pick} stale={stale} /> : null}
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {match.unit}
                {match.knowledgeObjects.length ? ` · ${match.knowledgeObjects.join('; ')}` : ''}
                {match.score > 0 ? ` · Relevância ${Math.round(match.score * 100)}%` : ''}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

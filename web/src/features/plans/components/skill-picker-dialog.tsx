import { LIMITS, type Aula, type Etapa, anoPhrase, DEFAULT_ETAPA, etapaWords } from '@planejador/contracts';
import { Loader2, Replace, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { matrizSkills, useMatriz, type SkillOption } from '@/lib/api/get-matriz';
import { noneMatch, staleResults, useSearchHabilidades } from '@/lib/api/search-habilidades';

interface SkillPickerDialogProps {
  aula: Aula;
  ano: string;
  /** The class's stage; absent: fundamental. */
  etapa?: Etapa;
  /** The plan's class: with the search box empty, its year's matrix lists every skill of the lesson's subject. */
  turmaId: string;
  open: boolean;
  saving: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (codes: string[]) => void;
}

/** Skills of the pool put first, ranked by the lesson's own description ("Trocar habilidade" with the box empty). */
const SUGGESTED_FIRST = 5;

/**
 * The pool with the skills that best fit the lesson's description first (in rank order, at most SUGGESTED_FIRST),
 * then the others in code order; the pool as it is while the ranking is not there.
 */
export function suggestedFirst(pool: SkillOption[], ranked: (SkillOption & { score: number })[] | undefined): { skills: SkillOption[]; suggested: number } {
  const inPool = new Set(pool.map((skill) => skill.code));
  // Only skills that fit some word of the description: the search lists the pool anyway when none does (score 0).
  const top = (ranked ?? []).filter((skill) => skill.score > 0 && inPool.has(skill.code)).slice(0, SUGGESTED_FIRST);
  const first = new Set(top.map((skill) => skill.code));
  return { skills: [...top, ...pool.filter((skill) => !first.has(skill.code))], suggested: top.length };
}

/**
 * "Trocar habilidade": the skills of the class's year and the lesson's subject, with the official text. With the
 * search box empty it lists all of them, those that best fit the lesson's description first, then the rest in code
 * order; a search lists the best fits for what was typed first.
 */
export function SkillPickerDialog({ aula, ano, etapa = DEFAULT_ETAPA, turmaId, open, saving, onOpenChange, onSave }: SkillPickerDialogProps) {
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<string[]>(aula.habilidadeCodes);
  const searchId = useId();
  // The class's stage's words: "habilidade", or in infantil "objetivo" (masculine).
  const words = etapaWords(etapa);
  const one = words.habilidade;
  const many = words.habilidadesMinusculas;
  const masc = words.habilidadesArtigo === 'os';
  const desta = `dest${words.materiaArtigo} ${words.materiaCurta.toLowerCase()}`;
  // Opened or closed: an empty search and the lesson's own skills (closed, so a reopened dialog lists the pool at once).
  useEffect(() => {
    setQ('');
    setChosen(aula.habilidadeCodes);
  }, [open, aula.habilidadeCodes]);
  const debounced = useDebouncedValue(q.trim(), 250);
  const browsing = debounced === '';
  const pool = useMatriz(turmaId, aula.materia, { enabled: open && browsing });
  const found = useSearchHabilidades({ etapa, ano, materia: aula.materia, q: debounced, limit: LIMITS.habilidadesPageMax, enabled: open });
  const description = aula.prompt.trim().slice(0, LIMITS.habilidadesQueryMax);
  const fits = useSearchHabilidades({ etapa, ano, materia: aula.materia, q: description, limit: SUGGESTED_FIRST, enabled: open && browsing && description !== '' });
  const browsed = useMemo(() => suggestedFirst(pool.data ? matrizSkills(pool.data.data) : [], fits.data), [pool.data, fits.data]);
  const query = browsing ? pool : found;
  const skills: SkillOption[] = browsing ? browsed.skills : (found.data ?? []);
  // A list for an older text stays in view but cannot be picked from until the new one comes.
  const stale = staleResults(query, q, debounced);
  const toggle = (code: string) =>
    setChosen((current) =>
      current.includes(code)
        ? current.filter((c) => c !== code)
        : current.length >= LIMITS.habilidadesFixadasMax
          ? current
          : [...current, code],
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            Trocar {one} da Aula {aula.numeroAula}
          </DialogTitle>
          <DialogDescription>
            {`${words.habilidades} da BNCC ${anoPhrase(ano, etapa, 'de')} ${desta}. Escolha até ${LIMITS.habilidadesFixadasMax}; ao salvar, o texto oficial entra no campo ${words.habilidades}.`}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor={searchId}>Buscar {one}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input id={searchId} className="pl-9" value={q} placeholder="Palavras da aula ou código, ex.: frações" onChange={(e) => setQ(e.target.value)} />
          </div>
        </div>
        <p className="text-sm" aria-live="polite">
          {chosen.length === 0 ? `Nenhum${masc ? '' : 'a'} ${one} escolhid${masc ? 'o' : 'a'}.` : `Escolhidas: ${chosen.join(', ')}`}
        </p>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {stale
            ? 'Atualizando a lista para a nova busca...'
            : query.isSuccess
              ? browsing
                ? browsed.suggested
                  ? `${masc ? 'Todos os' : 'Todas as'} ${skills.length} ${many} ${desta} ${anoPhrase(ano, etapa, 'em')}: primeiro ${words.habilidadesArtigo} ${browsed.suggested} que mais combinam com a descrição desta aula, depois ${masc ? 'os outros' : 'as outras'} em ordem de código.`
                  : `${masc ? 'Todos os' : 'Todas as'} ${skills.length} ${many} ${desta} ${anoPhrase(ano, etapa, 'em')}, em ordem de código.`
                : noneMatch(found.data)
                  ? `Nenhum${masc ? '' : 'a'} ${one} combina com essas palavras: ${words.habilidadesArtigo} ${skills.length} ${desta} ${anoPhrase(ano, etapa, 'em')}, ${words.habilidadesArtigo} de escrita mais parecida primeiro.`
                  : `${skills.length} ${one}(s) encontrad${masc ? 'o' : 'a'}(s), ${words.habilidadesArtigo} que mais combinam primeiro.`
              : ''}
        </p>
        <ul className="flex max-h-[45dvh] flex-col gap-2 overflow-y-auto pr-1" aria-label={`${words.habilidades} encontrad${masc ? 'os' : 'as'}`} aria-busy={query.isFetching || stale}>
          {skills.map((skill) => {
            const id = `${searchId}-${skill.code}`;
            const checked = chosen.includes(skill.code);
            return (
              <li key={skill.code} className={stale ? 'rounded-md border border-dashed p-3' : 'rounded-md border p-3'}>
                <label htmlFor={id} className={stale ? 'flex cursor-not-allowed items-start gap-3' : 'flex cursor-pointer items-start gap-3'}>
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-4 accent-primary"
                    checked={checked}
                    disabled={!checked && chosen.length >= LIMITS.habilidadesFixadasMax}
                    aria-disabled={stale || undefined}
                    onChange={() => {
                      if (!stale) toggle(skill.code);
                    }}
                  />
                  <span className="text-sm">
                    <span className="font-semibold">{skill.code}</span> {skill.description}
                    <span className="mt-1 block text-xs text-muted-foreground">{skill.unit}</span>
                  </span>
                </label>
              </li>
            );
          })}
          {query.isSuccess && !stale && skills.length === 0 ? <li className="text-sm text-muted-foreground">{`Nenhum${masc ? '' : 'a'} ${one} encontrad${masc ? 'o' : 'a'}.`}</li> : null}
          {query.isError ? <li className="text-sm text-destructive">{`Não foi possível carregar ${words.habilidadesArtigo} ${many}. Tente novamente.`}</li> : null}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="button" disabled={saving || chosen.length === 0} aria-busy={saving} onClick={() => onSave(chosen)}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Replace aria-hidden="true" />}
            {saving ? 'Salvando...' : `Salvar ${one}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

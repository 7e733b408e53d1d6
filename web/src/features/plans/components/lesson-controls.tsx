import {
  LESSON_FIELD_LABELS,
  MSG,
  REGENERABLE_FIELD_LABELS,
  LIMITS,
  VERSION_ORIGIN_LABELS,
  type Aula,
  type Etapa,
  type RegenerableField,
  type RegenerateAulaResponse,
  anoPhrase,
  DEFAULT_ETAPA,
  VERIFICACAO_KIND_LABELS,
  verificacaoKindOf,
} from '@planejador/contracts';
import { History, Loader2, RefreshCw, Replace, Search, Undo2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/format';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useGeracaoInfo } from '@/lib/api/get-geracao';
import { matrizSkills, useMatriz, type SkillOption } from '@/lib/api/get-matriz';
import { noneMatch, staleResults, useSearchHabilidades } from '@/lib/api/search-habilidades';
import { useAulaVersoes, useRegenerateAula, useRestoreVersao } from '../api/lesson-control';
import { DuaView } from './dua-section';
import { VerificacaoView } from './verificacao';

/**
 * What a regeneration of this lesson costs, in the teacher's words (a failed lesson's counts the same way). Offline
 * (no AI configured here) regenerations cost nothing.
 */
export function regenerationCostText(aula: Aula, offline = false): string {
  if (offline) return 'Sem IA configurada, gerar novamente não custa nada.';
  const left = Math.max(0, LIMITS.freeRegenerations - aula.regeneracoes);
  if (left > 0) return left === 1 ? 'Resta 1 geração gratuita para esta aula.' : `Restam ${left} gerações gratuitas para esta aula.`;
  return `As gerações gratuitas desta aula acabaram: esta custa ${LIMITS.regenerationCost} crédito.`;
}

function failToast(error: unknown, fallback: string) {
  if (isUnauthorized(error)) return;
  toast({ title: 'Erro', description: errorText(error, fallback), variant: 'destructive' });
}

interface RegenerateDialogProps {
  planoId: string;
  aula: Aula;
  /** Only this field changes (one of the five texts, or the check of learning); absent: the whole lesson. */
  campo: RegenerableField | null;
  /**
   * "Reescrever a aula para a nova habilidade": the whole lesson written again with its current skills pinned, so no
   * field keeps citing the skill it had before.
   */
  rewrite?: boolean;
  /** This lesson has unsaved edits, which the new text will replace. */
  unsavedEdits: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the regeneration is queued, with the version it replaces (for "Desfazer"). */
  onQueued: (fromVersao: number) => void;
}

/**
 * "Gerar novamente": an optional instruction, the cost, and the request; the lesson then shows its own progress.
 * A whole lesson keeps its pinned skills; one without pins can keep its current skills (pinned from then on).
 */
export function RegenerateDialog({ planoId, aula, campo, rewrite = false, unsavedEdits, open, onOpenChange, onQueued }: RegenerateDialogProps) {
  const offline = useGeracaoInfo().data?.generator === 'offline';
  const [instrucao, setInstrucao] = useState('');
  const [keepSkills, setKeepSkills] = useState(false);
  const regenerate = useRegenerateAula(planoId);
  // Set at the first click, before the mutation's pending state renders: a double click sends one request.
  const sending = useRef(false);
  const fieldId = useId();
  const keepId = useId();
  const pinned = aula.habilidadesFixadas ?? [];
  const canKeepSkills = !rewrite && campo === null && pinned.length === 0 && aula.habilidadeCodes.length > 0;
  useEffect(() => {
    if (!open) return;
    setInstrucao('');
    setKeepSkills(false);
  }, [open]);
  const submit = () => {
    if (sending.current) return;
    sending.current = true;
    regenerate.mutate(
      {
        aulaId: aula.id,
        data: {
          instrucao: instrucao.trim() || undefined,
          campo: campo ?? undefined,
          habilidadesFixadas: rewrite || (canKeepSkills && keepSkills) ? aula.habilidadeCodes : undefined,
        },
      },
      {
        onSuccess: (answer: RegenerateAulaResponse & { nota?: string }) => {
          // Offline the wish is not followed by an AI: the api says what it did with it (kept as a note, nothing charged).
          if (answer?.nota || (offline && instrucao.trim())) {
            toast({ title: 'Pedido registrado como nota', description: answer?.nota || MSG.regenerationOfflineNote });
          }
          onQueued(aula.versao);
          onOpenChange(false);
        },
        onError: (error) => failToast(error, 'Não foi possível gerar a aula novamente.'),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const target = campo ? `o campo ${REGENERABLE_FIELD_LABELS[campo]}` : `a Aula ${aula.numeroAula}`;
  const title = rewrite
    ? `Reescrever a Aula ${aula.numeroAula} para a nova habilidade`
    : campo
      ? `Gerar novamente: ${REGENERABLE_FIELD_LABELS[campo]}`
      : `Gerar novamente a Aula ${aula.numeroAula}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {rewrite
              ? `Toda a aula é escrita de novo citando ${aula.habilidadeCodes.length === 1 ? 'a habilidade' : 'as habilidades'} ${aula.habilidadeCodes.join(', ')}, para que nenhum campo cite a anterior; as outras aulas não mudam.`
              : `Escreveremos ${target} de novo${campo ? '; os outros campos e as outras aulas não mudam' : '; as outras aulas não mudam'}.`}{' '}
            Você pode desfazer depois. {regenerationCostText(aula, offline)}
          </DialogDescription>
        </DialogHeader>
        {offline ? (
          <p role="note" className="rounded-md border bg-muted p-3 text-sm">
            Sem uma IA configurada, a aula é reescrita a partir do currículo (BNCC) e o que você pedir abaixo fica registrado
            como nota para você, sem ser seguido automaticamente. Gerar novamente no modo offline não custa nada.
          </p>
        ) : null}
        {unsavedEdits ? (
          <p role="note" className="rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
            {campo
              ? 'Esta aula tem edições não salvas: as deste campo serão substituídas pelo novo texto; as dos outros campos e das outras aulas ficam.'
              : 'Esta aula tem edições não salvas: o novo texto as substitui; as edições das outras aulas ficam.'}
          </p>
        ) : null}
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={fieldId}>O que você quer diferente? (opcional)</Label>
          <Textarea
            id={fieldId}
            value={instrucao}
            maxLength={LIMITS.instrucaoMax}
            rows={3}
            placeholder="Por exemplo: mais prática, com experimento"
            onChange={(event) => setInstrucao(event.target.value)}
          />
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {instrucao.length}/{LIMITS.instrucaoMax} caracteres
          </p>
          {campo === null && !rewrite && pinned.length > 0 ? (
            <p className="text-sm">Habilidades fixadas nesta aula, mantidas: {pinned.join(', ')}.</p>
          ) : null}
          {canKeepSkills ? (
            <label htmlFor={keepId} className="flex cursor-pointer items-start gap-2 text-sm">
              <input
                id={keepId}
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={keepSkills}
                onChange={(event) => setKeepSkills(event.target.checked)}
              />
              <span>{`${aula.habilidadeCodes.length === 1 ? 'Manter a habilidade atual' : 'Manter as habilidades atuais'} (${aula.habilidadeCodes.join(', ')})`}</span>
            </label>
          ) : null}
          <RequestFooter pending={regenerate.isPending} icon={<RefreshCw aria-hidden="true" />} label="Gerar novamente" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A lesson request's dialog footer: Cancelar, and the request's button that says when it is being sent. */
export function RequestFooter({ pending, disabled = false, icon, label, onCancel }: { pending: boolean; disabled?: boolean; icon: ReactNode; label: string; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" disabled={disabled || pending} aria-busy={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
        {pending ? 'Enviando...' : label}
      </Button>
    </DialogFooter>
  );
}

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
          <DialogTitle>Trocar habilidade da Aula {aula.numeroAula}</DialogTitle>
          <DialogDescription>
            Habilidades da BNCC {anoPhrase(ano, etapa, 'de')} desta matéria. Escolha até {LIMITS.habilidadesFixadasMax}; ao salvar, o texto oficial
            entra no campo Habilidades.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor={searchId}>Buscar habilidade</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input id={searchId} className="pl-9" value={q} placeholder="Palavras da aula ou código, ex.: frações" onChange={(e) => setQ(e.target.value)} />
          </div>
        </div>
        <p className="text-sm" aria-live="polite">
          {chosen.length === 0 ? 'Nenhuma habilidade escolhida.' : `Escolhidas: ${chosen.join(', ')}`}
        </p>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {stale
            ? 'Atualizando a lista para a nova busca...'
            : query.isSuccess
              ? browsing
                ? browsed.suggested
                  ? `Todas as ${skills.length} habilidades desta matéria ${anoPhrase(ano, etapa, 'em')}: primeiro as ${browsed.suggested} que mais combinam com a descrição desta aula, depois as outras em ordem de código.`
                  : `Todas as ${skills.length} habilidades desta matéria ${anoPhrase(ano, etapa, 'em')}, em ordem de código.`
                : noneMatch(found.data)
                  ? `Nenhuma habilidade combina com essas palavras: as ${skills.length} desta matéria ${anoPhrase(ano, etapa, 'em')}, as de escrita mais parecida primeiro.`
                  : `${skills.length} habilidade(s) encontrada(s), as que mais combinam primeiro.`
              : ''}
        </p>
        <ul className="flex max-h-[45dvh] flex-col gap-2 overflow-y-auto pr-1" aria-label="Habilidades encontradas" aria-busy={query.isFetching || stale}>
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
          {query.isSuccess && !stale && skills.length === 0 ? <li className="text-sm text-muted-foreground">Nenhuma habilidade encontrada.</li> : null}
          {query.isError ? <li className="text-sm text-destructive">Não foi possível carregar as habilidades. Tente novamente.</li> : null}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="button" disabled={saving || chosen.length === 0} aria-busy={saving} onClick={() => onSave(chosen)}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Replace aria-hidden="true" />}
            {saving ? 'Salvando...' : 'Salvar habilidade'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

interface VersionsDialogProps {
  planoId: string;
  aula: Aula;
  /** The class's stage: infantil checks by points to observe (named so). */
  etapa?: Etapa;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Versões": the contents the lesson had (the newest 50 are kept), newest first, each with its origin, date, preview
 * and a restore; the newest 20 first, then a page more at each 'Ver versões anteriores'.
 */
export function VersionsDialog({ planoId, aula, etapa, open, onOpenChange }: VersionsDialogProps) {
  const kind = verificacaoKindOf(etapa);
  const versions = useAulaVersoes(planoId, aula.id, open, aula.versao);
  const list = useMemo(() => versions.data?.pages.flatMap((page) => page.versions) ?? [], [versions.data]);
  const restore = useRestoreVersao(planoId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Versões da Aula {aula.numeroAula}</DialogTitle>
          <DialogDescription>
            A primeira é o conteúdo atual. Restaurar uma versão cria uma nova. Guardamos as {LIMITS.versoesKept} versões mais
            recentes de cada aula (a gerada fica sempre).
          </DialogDescription>
        </DialogHeader>
        {versions.isPending ? <p className="text-sm text-muted-foreground">Carregando versões...</p> : null}
        <ol className="flex max-h-[60dvh] flex-col gap-3 overflow-y-auto pr-1">
          {list.map((v, index) => (
            <li key={v.versao} className="rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">
                  <span className="font-semibold">Versão {v.versao}</span> · {VERSION_ORIGIN_LABELS[v.origem]} · {formatDateTime(v.createdAt)}
                  {index === 0 ? <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs">atual</span> : null}
                </p>
                {index > 0 ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={restore.isPending}
                    aria-label={`Restaurar versão ${v.versao}`}
                    onClick={() =>
                      restore.mutate(
                        { aulaId: aula.id, versao: v.versao },
                        {
                          onSuccess: () => {
                            toast({ title: 'Versão restaurada', description: `A Aula ${aula.numeroAula} voltou à versão ${v.versao}.`, variant: 'success' });
                            onOpenChange(false);
                          },
                          onError: (error) => failToast(error, 'Não foi possível restaurar a versão.'),
                        },
                      )
                    }
                  >
                    <History aria-hidden="true" />
                    Restaurar
                  </Button>
                ) : null}
              </div>
              {v.instrucao ? <p className="mt-1 text-xs text-muted-foreground">Pedido: “{v.instrucao}”</p> : null}
              {v.campo ? <p className="mt-1 text-xs text-muted-foreground">Só o campo {REGENERABLE_FIELD_LABELS[v.campo]}</p> : null}
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-primary">Ver conteúdo</summary>
                <dl className="mt-2 flex flex-col gap-2">
                  <div>
                    <dt className="font-medium">Título da aula</dt>
                    <dd className="text-muted-foreground">{v.titulo || '—'}</dd>
                  </div>
                  {(['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'] as const).map((field) => (
                    <div key={field}>
                      <dt className="font-medium">{LESSON_FIELD_LABELS[field]}</dt>
                      <dd className="whitespace-pre-wrap text-muted-foreground">{v[field] || '—'}</dd>
                    </div>
                  ))}
                  <div>
                    <dt className="font-medium">{VERIFICACAO_KIND_LABELS[kind].heading}</dt>
                    <dd className="mt-1">
                      <VerificacaoView verificacao={v.verificacao} kind={kind} />
                    </dd>
                  </div>
                  {v.dua ? (
                    <div>
                      <dt className="font-medium">{REGENERABLE_FIELD_LABELS.dua}</dt>
                      <dd className="mt-1">
                        <DuaView dua={v.dua} />
                      </dd>
                    </div>
                  ) : null}
                </dl>
              </details>
            </li>
          ))}
        </ol>
        {versions.hasNextPage ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={versions.isFetchingNextPage}
            aria-busy={versions.isFetchingNextPage}
            onClick={() => void versions.fetchNextPage()}
          >
            {versions.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : <History aria-hidden="true" />}
            {versions.isFetchingNextPage ? 'Carregando versões...' : 'Ver versões anteriores'}
          </Button>
        ) : null}
        {versions.isError ? <p className="text-sm text-destructive">Não foi possível carregar as versões. Feche e abra de novo.</p> : null}
      </DialogContent>
    </Dialog>
  );
}

/** "Desfazer" right after a regeneration: back to the version it replaced. */
export function UndoButton({ planoId, aula, fromVersao, onDone }: { planoId: string; aula: Aula; fromVersao: number; onDone: () => void }) {
  const restore = useRestoreVersao(planoId);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={restore.isPending}
      aria-busy={restore.isPending}
      onClick={() =>
        restore.mutate(
          { aulaId: aula.id, versao: fromVersao },
          {
            onSuccess: () => {
              toast({ title: 'Desfeito', description: `A Aula ${aula.numeroAula} voltou ao texto anterior.`, variant: 'success' });
              onDone();
            },
            onError: (error) => failToast(error, 'Não foi possível desfazer.'),
          },
        )
      }
    >
      {restore.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
      Desfazer
    </Button>
  );
}

import {
  anoLabel,
  anoPhrase,
  DEFAULT_ETAPA,
  etapaWords,
  LIMITS,
  materiaLabel,
  periodoLabel,
  periodosDoTipo,
  periodoTipoPlural,
  periodoTipoTitulo,
  type AvaliacaoResumo,
  type CoberturaHabilidade,
  type CoberturaMateria,
  type Etapa,
  type EtapaWords,
  type PeriodoTipo,
} from '@planejador/contracts';
import { ArrowLeft, CheckCircle2, ChevronDown, ChevronUp, Circle, FileQuestion, Sparkles } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AssessmentList } from '@/components/assessment-list';
import { EmptyState } from '@/components/empty-state';
import { SkillResult } from '@/components/skill-result';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';
import { anoAtual, useCalendario } from '@/lib/api/calendario';
import { newestAssessmentBySkill, useAvaliacoesTurma } from '@/lib/api/get-avaliacoes';
import { useCobertura } from '@/lib/api/get-cobertura';
import { useTurmas } from '@/lib/api/get-turmas';
import { isHttpError } from '@/lib/http';
import { CoverageBar } from '../components/coverage-bar';
import { ProvisionalCalendarNotice } from '../components/provisional-calendar-notice';
import { TrimestreDocuments } from '../components/trimestre-documents';
import { useStoredFlag } from '../hooks/use-stored-flag';
import { avaliacaoPath, avaliarPath, gerarPlanosPath, PATHS, planoPath } from '@/lib/paths';

const ALL = 'todos';

/** Covered in the chosen period (or in any, with 'todos'). */
const coveredIn = (skill: CoberturaHabilidade, periodo: string) =>
  periodo === ALL ? skill.periodos.length > 0 : skill.periodos.includes(Number(periodo));

/** Each period has its own colour in the grid, always with its number in text beside it. */
const PERIODO_CHIP: Record<number, string> = {
  1: 'border-info/50 bg-info-soft text-info',
  2: 'border-warning/50 bg-warning-soft text-warning',
  3: 'border-success/50 bg-success-soft text-success',
  4: 'border-primary/50 bg-primary/10 text-primary',
};

/** "1º tri", "2º bim", "1º sem": a period in a chip. */
const shortLabel = (n: number, tipo: PeriodoTipo) => `${n}º ${tipo.slice(0, 3)}`;

function periodosText(periodos: number[], tipo: PeriodoTipo, coberta = 'Coberta'): string {
  if (!periodos.length) return `Não ${coberta.toLowerCase()}`;
  const names = periodos.map((t) => `${t}º`);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;
  return `${coberta} no ${list} ${names.length > 1 ? periodoTipoPlural(tipo) : tipo}`;
}

/**
 * A class's year in view: for each subject, the share of its BNCC skills covered overall and per trimestre, and a
 * grid by thematic unit of every skill with what covers it; uncovered skills can be picked and planned at once.
 * State lives in the URL (?trimestre=, ?pendentes=1, ?materia= for the one subject whose grid is open), so a reload or
 * a shared link keeps it. One grid at a time keeps the page short on a phone and light to render.
 */
export function CoverageRoute() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const trimestre = params.get('trimestre') ?? ALL;
  // The periods are named and counted by the kind of this year's calendar (trimestres, bimestres or semestres).
  const tipo = useCalendario(anoAtual()).data?.tipo ?? 'trimestre';
  const onlyUncovered = params.get('pendentes') === '1';
  const cobertura = useCobertura(id);
  const avaliacoes = useAvaliacoesTurma(id);
  const turmas = useTurmas();
  const turma = turmas.data?.find((t) => t.id === id);
  useDocumentTitle(turma ? `Cobertura da BNCC — Turma ${turma.numero}` : 'Cobertura da BNCC');
  const notFound = isHttpError(cobertura.error, 404);
  useErrorToast(notFound ? null : cobertura.error, 'Erro', 'Falha ao carregar a cobertura da turma');

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (cobertura.isPending) return <PageSpinner label="Carregando cobertura..." />;
  if (notFound || !cobertura.data) {
    return (
      <EmptyState
        icon={FileQuestion}
        titleAs="h1"
        title="Turma não encontrada"
        description="A turma não existe ou você não tem permissão para vê-la."
        action={
          <Link to={PATHS.turmas} className={buttonClasses('default')}>
            Voltar às Turmas
          </Link>
        }
      />
    );
  }
  const data = cobertura.data;
  // The class's stage names its parts: "objetivo", "campo de experiência" (etapas.ts).
  const words = etapaWords(turma?.etapa);
  const assessedBy = newestAssessmentBySkill(avaliacoes.data ?? []);
  const openMateria = params.get('materia') ?? (data.materias.length === 1 ? data.materias[0].materia : null);
  // The subjects she plans in this class (a plan of it covers one of their skills) come first; the rest of the
  // year's subjects can be folded away.
  const planned = data.materias.filter((m) => m.cobertas > 0);
  const others = data.materias.filter((m) => m.cobertas === 0);
  const subject = (materia: CoberturaMateria) => (
    <SubjectCoverage
      key={materia.materia}
      turmaId={data.turmaId}
      materia={materia}
      trimestre={trimestre}
      tipo={tipo}
      onlyUncovered={onlyUncovered}
      assessedBy={assessedBy}
      words={words}
      open={openMateria === materia.materia}
      onToggle={() => setParam('materia', openMateria === materia.materia ? null : materia.materia)}
    />
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link to={PATHS.turmas} className={buttonClasses('ghost', 'sm', '-ml-3 self-start')}>
          <ArrowLeft aria-hidden="true" />
          Turmas
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          Cobertura da BNCC{turma ? ` — Turma ${turma.numero}` : ''}
        </h1>
        <p className="text-muted-foreground">
          {anoLabel(data.ano, turma?.etapa)}{turma ? ` · ${turma.escola}` : ''}.{' '}
          {words.habilidadesArtigo === 'os'
            ? `Um ${words.habilidade} está coberto quando uma aula de um plano gerado desta turma o cita.`
            : `Uma ${words.habilidade} está coberta quando uma aula de um plano gerado desta turma a cita.`}
        </p>
        <Link to={avaliarPath(id, trimestre === ALL ? undefined : trimestre)} className={buttonClasses('outline', 'default', 'self-start')}>
          Avaliar {tipo}
        </Link>
      </div>

      <ProvisionalCalendarNotice />
      <TrimestreDocuments turmaId={data.turmaId} materias={data.materias.map((m) => m.materia)} tipo={tipo} etapa={turma?.etapa} />
      <ClassAssessments avaliacoes={avaliacoes.data} failed={avaliacoes.isError} turmaNumero={turma?.numero} etapa={turma?.etapa} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-2 sm:w-56">
          <Label htmlFor="filtro-trimestre">{periodoTipoTitulo(tipo)}</Label>
          <Select value={trimestre} onValueChange={(value) => setParam('trimestre', value === ALL ? null : value)}>
            <SelectTrigger id="filtro-trimestre">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Ano inteiro</SelectItem>
              {periodosDoTipo(tipo).map((t) => (
                <SelectItem key={t} value={String(t)}>
                  {periodoLabel(t, tipo)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <label className="flex items-center gap-2 text-sm sm:pb-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={onlyUncovered}
            onChange={(event) => setParam('pendentes', event.target.checked ? '1' : null)}
          />
          Só não cobertas
        </label>
      </div>

      {data.materias.length === 0 ? (
        <p className="text-muted-foreground">
          Não há {words.habilidadesMinusculas} da BNCC {anoPhrase(data.ano, turma?.etapa ?? DEFAULT_ETAPA, 'para')}.
        </p>
      ) : null}
      {planned.length === 0 ? (
        others.map(subject)
      ) : (
        <>
          {planned.map(subject)}
          {others.length ? (
            <OtherSubjects turmaId={data.turmaId} count={others.length} ano={data.ano} etapa={turma?.etapa ?? DEFAULT_ETAPA} forceOpen={others.some((m) => m.materia === openMateria)}>
              {others.map(subject)}
            </OtherSubjects>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The class's assessments, newest first, each a link to its page (reopen, edit, results, export, delete). */
function ClassAssessments({ avaliacoes, failed, turmaNumero, etapa }: { avaliacoes: AvaliacaoResumo[] | undefined; failed: boolean; turmaNumero?: string; etapa?: Etapa }) {
  return (
    <section aria-labelledby="avaliacoes-da-turma" className="flex flex-col gap-3">
      <h2 id="avaliacoes-da-turma" className="text-lg font-semibold">
        Avaliações da turma
      </h2>
      {failed ? (
        <p className="text-sm text-destructive">Não foi possível carregar as avaliações da turma.</p>
      ) : !avaliacoes ? (
        <p className="text-sm text-muted-foreground">Carregando avaliações...</p>
      ) : avaliacoes.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma avaliação desta turma ainda. Use "Avaliar trimestre" para criar uma.</p>
      ) : (
        <AssessmentList avaliacoes={avaliacoes} etapa={etapa} label={turmaNumero ? `Avaliações da turma ${turmaNumero}` : 'Avaliações da turma'} />
      )}
    </section>
  );
}

/** Where the page remembers, per class, that the subjects she does not plan there are shown. */
const otherSubjectsKey = (turmaId: string) => `planejador-cobertura-outras-materias:${turmaId}`;

/**
 * The year's subjects with nothing planned in this class, folded away by default (a teacher of one subject sees
 * hers first); the choice is kept per class in this browser. A link naming one of them (?materia=) shows them.
 */
function OtherSubjects({ turmaId, count, ano, etapa, forceOpen, children }: { turmaId: string; count: number; ano: string; etapa: Etapa; forceOpen: boolean; children: ReactNode }) {
  const [shown, setShown] = useStoredFlag(otherSubjectsKey(turmaId));
  const open = shown || forceOpen;
  const words = etapaWords(etapa);
  const masc = words.materiaArtigo === 'o';
  const noun = count === 1 ? words.materiaCurta.toLowerCase() : words.materiasCurtas;
  const outr = masc ? 'outros' : 'outras';
  return (
    <section aria-labelledby="outras-materias" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
        <h2 id="outras-materias" className="text-lg font-semibold">
          {masc ? 'Outros' : 'Outras'} {words.materiasCurtas} {anoPhrase(ano, etapa, 'de')}
        </h2>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={open ? 'outras-materias-lista' : undefined} onClick={() => setShown(!open)}>
          {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {open ? `Ocultar ${masc ? 'os' : 'as'} ${outr} ${count} ${noun}` : `Mostrar ${masc ? 'os' : 'as'} ${outr} ${count} ${noun}`}
        </Button>
      </div>
      {open ? (
        <div id="outras-materias-lista" className="flex flex-col gap-6">
          {children}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {masc
            ? 'Sem planos desta turma ainda; ficam recolhidos para mostrar primeiro os que você planeja.'
            : 'Sem planos desta turma ainda; ficam recolhidas para mostrar primeiro as que você planeja.'}
        </p>
      )}
    </section>
  );
}

interface SubjectCoverageProps {
  turmaId: string;
  materia: CoberturaMateria;
  /** The period in view (its number, or 'todos'), of the kind `tipo`. */
  trimestre: string;
  tipo: PeriodoTipo;
  onlyUncovered: boolean;
  /** Each skill code with the newest finished assessment holding it ("já avaliada" opens it). */
  assessedBy: ReadonlyMap<string, AvaliacaoResumo>;
  /** Its grid of skills is shown (one subject at a time); the bars always are. */
  open: boolean;
  onToggle: () => void;
  /** The class's stage's words. */
  words: EtapaWords;
}

function SubjectCoverage({ turmaId, materia, trimestre, tipo, onlyUncovered, assessedBy, open, onToggle, words }: SubjectCoverageProps) {
  // "habilidade coberta", "objetivo coberto".
  const masc = words.habilidadesArtigo === 'os';
  const coberta = masc ? 'Coberto' : 'Coberta';
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const label = materiaLabel(materia.materia);
  const headingId = `cobertura-${materia.materia}`;
  const gridId = `habilidades-${materia.materia}`;
  const units = useMemo(() => {
    const byUnit = new Map<string, CoberturaHabilidade[]>();
    for (const skill of materia.habilidades) {
      if (onlyUncovered && coveredIn(skill, trimestre)) continue;
      const list = byUnit.get(skill.unidade) ?? [];
      list.push(skill);
      byUnit.set(skill.unidade, list);
    }
    return [...byUnit.entries()];
  }, [materia, onlyUncovered, trimestre]);
  const coveredBy = (t: number) => materia.habilidades.filter((h) => h.periodos.includes(t)).length;
  // A skill not covered in the trimestre in view (or in the whole year) can be chosen; the choice follows the filter.
  const selectable = (skill: CoberturaHabilidade) => !coveredIn(skill, trimestre);
  const chosen = selected.filter((code) => materia.habilidades.some((h) => h.code === code && selectable(h)));
  const toggle = (code: string) =>
    setSelected((current) =>
      current.includes(code) ? current.filter((c) => c !== code) : chosen.length >= LIMITS.aulasMax ? current : [...chosen, code],
    );
  const plan = () => {
    const query = new URLSearchParams({ turma: turmaId, materia: materia.materia, habilidades: chosen.join(',') });
    if (trimestre !== ALL) query.set('periodo', trimestre);
    navigate(gerarPlanosPath(query));
  };

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle as="h2" id={headingId}>
              {label}
            </CardTitle>
            <Button variant="outline" size="sm" aria-expanded={open} aria-controls={open ? gridId : undefined} onClick={onToggle}>
              {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
              {open ? 'Ocultar' : 'Ver'} {words.habilidadesArtigo} {materia.total} {words.habilidadesMinusculas}<span className="sr-only"> de {label}</span>
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <CoverageBar label="Ano inteiro" covered={materia.cobertas} total={materia.total} words={words} />
            {periodosDoTipo(tipo).map((t) => (
              <CoverageBar key={t} label={periodoLabel(t, tipo)} covered={coveredBy(t)} total={materia.total} words={words} />
            ))}
          </div>
        </CardHeader>
        {open ? (
          <CardContent id={gridId} className="flex flex-col gap-5">
            {units.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {`${masc ? 'Todos' : 'Todas'} ${words.habilidadesArtigo} ${words.habilidadesMinusculas} dest${words.materiaArtigo} ${words.materiaCurta.toLowerCase()} estão ${masc ? 'cobertos' : 'cobertas'}.`}
              </p>
            ) : null}
            {units.map(([unit, skills]) => (
              <div key={unit} className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold">{unit}</h3>
                <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
                  {skills.map((skill) => {
                    const covered = coveredIn(skill, trimestre);
                    const checkboxId = `sel-${materia.materia}-${skill.code}`;
                    return (
                      <li
                        key={skill.code}
                        className={`flex flex-col gap-1.5 rounded-md border p-3 text-sm ${covered ? 'border-success/60' : 'border-dashed'}`}
                      >
                        <div className="flex items-center justify-between gap-2">
                          <span className="flex items-center gap-1.5 font-semibold">
                            {covered ? (
                              <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
                            ) : (
                              <Circle className="size-4 text-muted-foreground" aria-hidden="true" />
                            )}
                            {skill.code}
                          </span>
                          {selectable(skill) ? (
                            <label htmlFor={checkboxId} className="flex items-center gap-1.5 text-xs">
                              <input
                                id={checkboxId}
                                type="checkbox"
                                className="size-4 accent-primary"
                                checked={chosen.includes(skill.code)}
                                disabled={!chosen.includes(skill.code) && chosen.length >= LIMITS.aulasMax}
                                onChange={() => toggle(skill.code)}
                                aria-label={`Selecionar ${skill.code} para planejar`}
                              />
                              Planejar
                            </label>
                          ) : null}
                        </div>
                        <p className="sr-only">{periodosText(skill.periodos, tipo, coberta)}</p>
                        <p className="flex flex-wrap items-center gap-1 text-xs font-medium" aria-hidden="true">
                          {skill.periodos.length ? (
                            <>
                              {coberta}:
                              {skill.periodos.map((t) => (
                                <span key={t} className={`rounded-full border px-1.5 py-px ${PERIODO_CHIP[t] ?? ''}`}>
                                  {shortLabel(t, tipo)}
                                </span>
                              ))}
                            </>
                          ) : (
                            `Não ${coberta.toLowerCase()}`
                          )}
                        </p>
                        <p className="text-xs">{skill.description}</p>
                        {skill.avaliada ? <AssessedLink code={skill.code} avaliacao={assessedBy.get(skill.code)} /> : null}
                        {skill.resultado ? <SkillResult resultado={skill.resultado} /> : null}
                        {skill.planos.length ? (
                          <ul className="flex flex-col gap-0.5 text-xs">
                            {skill.planos.map((p) => (
                              <li key={p.id}>
                                <Link to={planoPath(p.id)} className="text-primary underline-offset-2 hover:underline">
                                  {p.temaPrincipal} ({shortLabel(p.periodo, tipo)})
                                </Link>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
            <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-2 border-t bg-card/95 py-3 backdrop-blur">
              <p className="text-sm" aria-live="polite">
                {chosen.length
                  ? `${chosen.length} ${masc ? 'selecionado' : 'selecionada'}${chosen.length > 1 ? 's' : ''}: ${chosen.join(', ')}`
                  : `Selecione ${words.habilidadesMinusculas} não ${masc ? 'cobertos' : 'cobertas'}${trimestre === ALL ? '' : ` no ${periodoLabel(Number(trimestre), tipo)}`} para planejá-${masc ? 'los' : 'las'} (até ${LIMITS.aulasMax}).`}
              </p>
              <Button disabled={!chosen.length} onClick={plan}>
                <Sparkles aria-hidden="true" />
                {`Planejar ${masc ? 'estes' : 'estas'} ${words.habilidadesMinusculas}`}
              </Button>
            </div>
          </CardContent>
        ) : null}
      </Card>
    </section>
  );
}

/** "já avaliada", a link to the newest assessment holding the skill (plain text until the list has loaded). */
function AssessedLink({ code, avaliacao }: { code: string; avaliacao: AvaliacaoResumo | undefined }) {
  if (!avaliacao) return <p className="text-xs font-medium">já avaliada</p>;
  return (
    <Link
      to={avaliacaoPath(avaliacao.id)}
      aria-label={`já avaliada: abrir a avaliação de ${code}`}
      className="self-start text-xs font-medium text-primary underline underline-offset-2"
    >
      já avaliada
    </Link>
  );
}

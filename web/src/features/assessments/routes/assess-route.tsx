import { AVALIACAO_LIMITS, etapaDef, etapaOf, etapaWords, materiaLabel, PERIODOS_POR_TIPO, periodoLabel, periodoTipoTitulo, type CoberturaMateria, type Materia } from '@planejador/contracts';
import { ArrowLeft, ClipboardCheck } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { fieldClasses } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { TrimestreSelect } from '@/components/trimestre-select';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { anoAtual, useCalendario } from '@/lib/api/calendario';
import { newestAssessmentBySkill, useAvaliacoesTurma } from '@/lib/api/get-avaliacoes';
import { useCobertura } from '@/lib/api/get-cobertura';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { useTurmas } from '@/lib/api/get-turmas';
import { errorText } from '@/lib/http';
import { useCreateAvaliacao } from '../api/avaliacoes';
import { avaliacaoPath, coberturaPath } from '@/lib/paths';

/** The subject's skills covered in the period of that year (what the assessment takes by default). */
const coveredCodes = (materia: CoberturaMateria | undefined, trimestre: number, ano: number) =>
  (materia?.habilidades ?? []).filter((h) => h.planos.some((p) => p.periodo === trimestre && p.ano === ano)).map((h) => h.code);

/**
 * "Avaliar trimestre" (or bimestre, semestre: the kind of this year's calendar): pick the period, the subject and the skills (those the class's plans covered in it come
 * ticked), how many questions per skill; it costs 1 credit and opens the assessment while the worker writes it.
 */
export function AssessRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cobertura = useCobertura(id);
  const turma = useTurmas().data?.find((t) => t.id === id);
  // The class's stage names the subject and the skills ("Área do conhecimento"; etapas.ts).
  const words = etapaWords(turma?.etapa);
  const user = useCurrentUser();
  const create = useCreateAvaliacao(id);
  const avaliacoes = useAvaliacoesTurma(id);
  const assessedBy = useMemo(() => newestAssessmentBySkill(avaliacoes.data ?? []), [avaliacoes.data]);
  const ano = anoAtual();
  const tipo = useCalendario(ano).data?.tipo ?? 'trimestre';
  useDocumentTitle(turma ? `Avaliar ${tipo} — Turma ${turma.numero}` : `Avaliar ${tipo}`);

  const materias = cobertura.data?.materias ?? [];
  const asked = Number(params.get('trimestre') ?? params.get('periodo'));
  const [chosen, setTrimestre] = useState(Number.isInteger(asked) && asked >= 1 && asked <= 4 ? asked : 1);
  // A period the kind does not have (a 4th bimestre after a change to trimestres) falls back to the 1st.
  const trimestre = chosen <= PERIODOS_POR_TIPO[tipo] ? chosen : 1;
  const [materiaValue, setMateria] = useState<string | null>(params.get('materia'));
  // The first subject with a skill covered in the trimestre, until the teacher picks one.
  const materia = materiaValue ?? materias.find((m) => coveredCodes(m, trimestre, ano).length > 0)?.materia ?? materias[0]?.materia ?? '';
  const current = materias.find((m) => m.materia === materia);
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const key = `${materia}:${trimestre}`;
  const selected = picked[key] ?? coveredCodes(current, trimestre, ano);
  const [questoes, setQuestoes] = useState<number>(AVALIACAO_LIMITS.questoesPorHabilidadeDefault);
  const skills = useMemo(() => {
    const covered = new Set(coveredCodes(current, trimestre, ano));
    return [...(current?.habilidades ?? [])].sort((a, b) => Number(covered.has(b.code)) - Number(covered.has(a.code)) || a.code.localeCompare(b.code));
  }, [current, trimestre, ano]);

  if (cobertura.isPending) return <PageSpinner label="Carregando habilidades..." />;
  if (!cobertura.data) return <p role="alert">Turma não encontrada.</p>;

  const toggle = (code: string, on: boolean) => setPicked((all) => ({ ...all, [key]: on ? [...selected, code] : selected.filter((c) => c !== code) }));
  const credits = user.data?.credits ?? 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { periodo: trimestre, ano, materia: materia as Materia, habilidades: selected, questoesPorHabilidade: questoes },
      { onSuccess: ({ id: avaliacaoId }) => navigate(avaliacaoPath(avaliacaoId)) },
    );
  };

  return (
    <form className="flex flex-col gap-6" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-3">
        <Link to={coberturaPath(id)} className={buttonClasses('ghost', 'sm', '-ml-3 self-start')}>
          <ArrowLeft aria-hidden="true" />
          Cobertura da turma
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Avaliar {tipo}{turma ? ` — Turma ${turma.numero}` : ''}</h1>
        <p className="text-muted-foreground">
          Questões e uma rubrica de 4 níveis para cada habilidade escolhida. Vêm marcadas as habilidades que os planos desta turma cobriram no{' '}
          {tipo}.
        </p>
      </div>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:flex-wrap">
          <div className="flex flex-col gap-2 sm:w-48">
            <label htmlFor="avaliacao-trimestre" className="text-sm font-medium">{periodoTipoTitulo(tipo)}</label>
            <TrimestreSelect id="avaliacao-trimestre" tipo={tipo} value={String(trimestre)} onChange={(value) => setTrimestre(Number(value))} />
          </div>
          <div className="flex flex-col gap-2 sm:w-56">
            <label htmlFor="avaliacao-materia" className="text-sm font-medium">{words.materiaCurta}</label>
            <select id="avaliacao-materia" className={fieldClasses} value={materia} onChange={(e) => setMateria(e.target.value)}>
              {materias.map((m) => (
                <option key={m.materia} value={m.materia}>{materiaLabel(m.materia)}</option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2 sm:w-48">
            <label htmlFor="avaliacao-questoes" className="text-sm font-medium">Questões por habilidade</label>
            <select id="avaliacao-questoes" className={fieldClasses} value={questoes} onChange={(e) => setQuestoes(Number(e.target.value))}>
              {[1, 2, 3].map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </select>
          </div>
        </CardContent>
      </Card>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{words.habilidades} a avaliar ({selected.length})</legend>
        {skills.length === 0 ? <p className="text-muted-foreground">{`Não há ${words.habilidadesMinusculas} dest${words.materiaArtigo} ${words.materiaCurta.toLowerCase()} para ${etapaDef(etapaOf(turma?.etapa)).anoArticle === 'a' ? 'a' : 'o'} ${etapaDef(etapaOf(turma?.etapa)).anoNoun.toLowerCase()} da turma.`}</p> : null}
        <ul className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto rounded-md border p-3">
          {skills.map((skill) => (
            <li key={skill.code}>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  checked={selected.includes(skill.code)}
                  onChange={(e) => toggle(skill.code, e.target.checked)}
                />
                <span>
                  <span className="font-mono font-semibold">{skill.code}</span> {skill.description.replace(/^\(\w+\)\s*/, '')}
                  {skill.planos.some((p) => p.periodo === trimestre && p.ano === ano) ? (
                    <span className="ml-2 text-xs font-medium text-foreground">coberta no {periodoLabel(trimestre, tipo)}</span>
                  ) : null}
                </span>
              </label>
              {skill.avaliada ? <AssessedBy code={skill.code} id={assessedBy.get(skill.code)?.id} /> : null}
            </li>
          ))}
        </ul>
      </fieldset>
      {create.error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(create.error, 'Não foi possível criar a avaliação.')}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={create.isPending || selected.length === 0}>
          <ClipboardCheck aria-hidden="true" />
          {create.isPending ? 'Criando...' : 'Gerar avaliação'}
        </Button>
        <p className="text-sm text-muted-foreground">Custo: 1 crédito · você tem {credits} crédito{credits === 1 ? '' : 's'}.</p>
      </div>
    </form>
  );
}

/** "já avaliada" beside a skill, a link to the newest assessment holding it (outside the checkbox's label). */
function AssessedBy({ code, id }: { code: string; id: string | undefined }) {
  if (!id) return <p className="ml-7 text-xs text-muted-foreground">já avaliada</p>;
  return (
    <Link to={avaliacaoPath(id)} aria-label={`já avaliada: abrir a avaliação de ${code}`} className="ml-7 text-xs font-medium text-primary underline underline-offset-2">
      já avaliada
    </Link>
  );
}

import {
  ALTERNATIVA_LETRAS,
  LIMITS,
  VERIFICACAO_KIND_LABELS,
  type Questao,
  type QuestaoAberta,
  type QuestaoMultipla,
  type Verificacao,
  type VerificacaoKind,
} from '@planejador/contracts';
import { CheckCircle2, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { verificacaoIssues } from '../utils/lesson-checks';

/** What a lesson without a check shows: in infantil there are points to observe, never a "verificação". */
const emptyText = (kind: VerificacaoKind) => (kind === 'observacao' ? 'Nenhum ponto de observação definido' : 'Nenhuma verificação definida');

/**
 * A lesson's "Verificação da aprendizagem" as the teacher reads it: the questions numbered, a multiple-choice
 * question's alternatives A-D with the right one marked (for the teacher; the export keeps the answers apart), an
 * open question with the answer expected. In infantil (kind 'observacao') the items are points to observe, each with
 * what to look for.
 */
export function VerificacaoView({ verificacao, kind = 'questoes' }: { verificacao: Verificacao | null; kind?: VerificacaoKind }) {
  if (!verificacao?.questoes.length) return <p className="text-sm italic text-muted-foreground">{emptyText(kind)}</p>;
  return (
    <ol className="flex flex-col gap-3 text-sm">
      {verificacao.questoes.map((questao, index) => (
        <li key={index} className="flex flex-col gap-1.5">
          <p className="whitespace-pre-wrap">
            <span className="font-semibold">{index + 1}.</span> {questao.enunciado}
            {questao.habilidade ? <span className="ml-1 text-xs text-muted-foreground">({questao.habilidade})</span> : null}
          </p>
          {questao.tipo === 'multipla' ? (
            <ul className="flex flex-col gap-1 pl-4" aria-label={`Alternativas da questão ${index + 1}`}>
              {questao.alternativas.map((alternativa, i) => {
                const right = i === questao.correta;
                return (
                  <li key={i} className={cn('flex items-start gap-1.5', right && 'font-medium text-success')}>
                    <span className="font-semibold">{ALTERNATIVA_LETRAS[i]})</span>
                    <span>{alternativa}</span>
                    {right ? (
                      <span className="inline-flex items-center gap-1 text-xs">
                        <CheckCircle2 className="size-3.5" aria-hidden="true" />
                        (correta)
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="whitespace-pre-wrap pl-4 text-muted-foreground">
              <span className="font-medium text-foreground">{VERIFICACAO_KIND_LABELS[kind].resposta}:</span> {questao.respostaEsperada}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A new open question tied to the lesson's first skill (the teacher writes it). */
function blankQuestion(codes: readonly string[]): QuestaoAberta {
  return { tipo: 'aberta', enunciado: '', respostaEsperada: '', habilidade: codes[0] ?? '' };
}

/** The question as the other type: the right alternative becomes the expected answer, and back. */
function withTipo(questao: Questao, tipo: Questao['tipo']): Questao {
  if (questao.tipo === tipo) return questao;
  if (questao.tipo === 'multipla') {
    return { tipo: 'aberta', enunciado: questao.enunciado, respostaEsperada: questao.alternativas[questao.correta] ?? '', habilidade: questao.habilidade };
  }
  return { tipo: 'multipla', enunciado: questao.enunciado, alternativas: [questao.respostaEsperada, '', '', ''], correta: 0, habilidade: questao.habilidade };
}

interface VerificacaoEditorProps {
  numeroAula: number;
  /** The lesson's skill codes: each question cites one of them. */
  codes: readonly string[];
  verificacao: Verificacao | null;
  /** Questions, or (infantil) points to observe: open items only, no choice of type. */
  kind?: VerificacaoKind;
  readOnly: boolean;
  onChange: (next: Verificacao) => void;
}

/**
 * Editing the check: each question's statement, type, alternatives and right answer or expected answer, its skill;
 * 3 to 5 questions. What the api would refuse is said beside the question while typing; the plan's save sends it.
 */
export function VerificacaoEditor({ numeroAula, codes, verificacao, kind = 'questoes', readOnly, onChange }: VerificacaoEditorProps) {
  const baseId = useId();
  const labels = VERIFICACAO_KIND_LABELS[kind];
  const observes = kind === 'observacao';
  const item = labels.item.toLocaleLowerCase('pt-BR');
  if (!verificacao) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm italic text-muted-foreground">{emptyText(kind)}</p>
        <Button
          size="sm"
          variant="outline"
          disabled={readOnly}
          onClick={() => onChange({ questoes: Array.from({ length: LIMITS.verificacaoMin }, () => blankQuestion(codes)) })}
        >
          <Plus aria-hidden="true" />
          {observes ? `Criar pontos de observação da Aula ${numeroAula}` : `Criar verificação da Aula ${numeroAula}`}
        </Button>
      </div>
    );
  }
  const { questoes } = verificacao;
  const issues = verificacaoIssues(verificacao, codes, numeroAula, kind);
  const setQuestion = (index: number, next: Questao) => onChange({ questoes: questoes.map((q, i) => (i === index ? next : q)) });
  const skillOptions = [...new Set([...codes, ...questoes.map((q) => q.habilidade)])];

  return (
    <div className="flex flex-col gap-4">
      {issues.general.map((message) => (
        <p key={message} className="text-sm font-medium text-destructive">
          {message}
        </p>
      ))}
      {questoes.map((questao, index) => {
        const n = index + 1;
        const id = `${baseId}-q${n}`;
        const messages = issues.byQuestion.get(index) ?? [];
        const errorId = messages.length ? `${id}-erro` : undefined;
        return (
          <fieldset key={index} className="flex flex-col gap-3 rounded-md border p-3" aria-describedby={errorId}>
            <legend className="px-1 text-sm font-semibold">
              {labels.item} {n}
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {observes ? null : (
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${id}-tipo`}>Tipo da questão {n}</Label>
                  <select
                    id={`${id}-tipo`}
                    className="h-10 rounded-md border border-input bg-card px-3 text-sm"
                    value={questao.tipo}
                    disabled={readOnly}
                    onChange={(event) => setQuestion(index, withTipo(questao, event.target.value as Questao['tipo']))}
                  >
                    <option value="multipla">Múltipla escolha</option>
                    <option value="aberta">Aberta</option>
                  </select>
                </div>
              )}
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-habilidade`}>
                  Habilidade {observes ? 'do' : 'da'} {item} {n}
                </Label>
                <select
                  id={`${id}-habilidade`}
                  className="h-10 rounded-md border border-input bg-card px-3 text-sm"
                  value={questao.habilidade}
                  disabled={readOnly}
                  onChange={(event) => setQuestion(index, { ...questao, habilidade: event.target.value })}
                >
                  {skillOptions.map((code) => (
                    <option key={code} value={code}>
                      {code || 'Nenhuma'}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-enunciado`}>{observes ? `O que observar no ponto ${n}` : `Enunciado da questão ${n}`}</Label>
              <Textarea
                id={`${id}-enunciado`}
                rows={2}
                value={questao.enunciado}
                maxLength={LIMITS.enunciadoMax}
                readOnly={readOnly}
                onChange={(event) => setQuestion(index, { ...questao, enunciado: event.target.value })}
              />
            </div>
            {questao.tipo === 'multipla' ? (
              <MultiplaFields id={id} n={n} questao={questao} readOnly={readOnly} onChange={(next) => setQuestion(index, next)} />
            ) : (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-resposta`}>{observes ? `O que procurar no ponto ${n}` : `Resposta esperada da questão ${n}`}</Label>
                <Textarea
                  id={`${id}-resposta`}
                  rows={2}
                  value={questao.respostaEsperada}
                  maxLength={LIMITS.respostaEsperadaMax}
                  readOnly={readOnly}
                  onChange={(event) => setQuestion(index, { ...questao, respostaEsperada: event.target.value })}
                />
              </div>
            )}
            {messages.length ? (
              <div id={errorId}>
                {messages.map((message) => (
                  <p key={message} className="text-sm font-medium text-destructive">
                    {message}
                  </p>
                ))}
              </div>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              className="self-start text-muted-foreground hover:text-destructive"
              disabled={readOnly || questoes.length <= LIMITS.verificacaoMin}
              title={questoes.length <= LIMITS.verificacaoMin ? `${observes ? 'Os pontos de observação têm' : 'A verificação tem'} pelo menos ${LIMITS.verificacaoMin} itens` : undefined}
              onClick={() => onChange({ questoes: questoes.filter((_q, i) => i !== index) })}
            >
              <Trash2 aria-hidden="true" />
              Remover {item} {n}
            </Button>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={readOnly || questoes.length >= LIMITS.verificacaoMax}
          onClick={() => onChange({ questoes: [...questoes, blankQuestion(codes)] })}
        >
          <Plus aria-hidden="true" />
          Adicionar {item}
        </Button>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {questoes.length} de {LIMITS.verificacaoMax} {observes ? 'pontos' : 'questões'} (mínimo {LIMITS.verificacaoMin})
        </span>
      </div>
    </div>
  );
}

interface MultiplaFieldsProps {
  id: string;
  n: number;
  questao: QuestaoMultipla;
  readOnly: boolean;
  onChange: (next: QuestaoMultipla) => void;
}

/** The four alternatives, each with its radio button for the right answer. */
function MultiplaFields({ id, n, questao, readOnly, onChange }: MultiplaFieldsProps) {
  return (
    <div role="group" aria-label={`Alternativas da questão ${n}`} className="flex flex-col gap-2">
      <p className="text-sm font-medium">Alternativas (marque a correta)</p>
      {ALTERNATIVA_LETRAS.map((letra, i) => (
        <div key={letra} className="flex items-center gap-2">
          <input
            type="radio"
            id={`${id}-correta-${letra}`}
            name={`${id}-correta`}
            className="size-4 shrink-0 accent-primary"
            checked={questao.correta === i}
            disabled={readOnly}
            aria-label={`Alternativa ${letra} é a correta na questão ${n}`}
            onChange={() => onChange({ ...questao, correta: i as QuestaoMultipla['correta'] })}
          />
          <span className="w-4 text-sm font-semibold" aria-hidden="true">
            {letra}
          </span>
          <Input
            aria-label={`Alternativa ${letra} da questão ${n}`}
            value={questao.alternativas[i] ?? ''}
            maxLength={LIMITS.alternativaMax}
            readOnly={readOnly}
            onChange={(event) => {
              const alternativas = [...questao.alternativas] as QuestaoMultipla['alternativas'];
              alternativas[i] = event.target.value;
              onChange({ ...questao, alternativas });
            }}
          />
        </div>
      ))}
    </div>
  );
}

import { ALTERNATIVA_LETRAS, type AvaliacaoHabilidade, type Questao } from '@planejador/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

interface SkillEditorProps {
  skill: AvaliacaoHabilidade;
  /** The number of the skill's first question in the whole assessment. */
  firstNumber: number;
  onChange: (skill: AvaliacaoHabilidade) => void;
}

/** One skill: its questions (the right alternative marked, the expected answer for the teacher) and its rubric. */
export function SkillEditor({ skill, firstNumber, onChange }: SkillEditorProps) {
  const setQuestao = (index: number, questao: Questao) => onChange({ ...skill, questoes: skill.questoes.map((q, i) => (i === index ? questao : q)) });
  const headingId = `habilidade-${skill.code}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="text-lg">
          <span className="font-mono">{skill.code}</span>
        </CardTitle>
        <p className="text-sm text-muted-foreground">{skill.description.replace(/^\(\w+\)\s*/, '')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {skill.questoes.map((questao, index) => {
          const n = firstNumber + index;
          const base = `q-${skill.code}-${index}`;
          return (
            <div key={base} className="flex flex-col gap-3 rounded-md border p-3">
              <label htmlFor={`${base}-enunciado`} className="text-sm font-semibold">
                Questão {n}{questao.tipo === 'aberta' ? ' (aberta)' : ''}
              </label>
              <Textarea id={`${base}-enunciado`} value={questao.enunciado} rows={3} onChange={(e) => setQuestao(index, { ...questao, enunciado: e.target.value })} />
              {questao.tipo === 'multipla' ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm">Alternativas (marque a correta)</legend>
                  {questao.alternativas.map((alternativa, i) => (
                    <div key={ALTERNATIVA_LETRAS[i]} className="flex items-center gap-2">
                      <input
                        type="radio"
                        className="size-4 accent-primary"
                        name={`${base}-correta`}
                        aria-label={`Alternativa ${ALTERNATIVA_LETRAS[i]} é a correta`}
                        checked={questao.correta === i}
                        onChange={() => setQuestao(index, { ...questao, correta: i as 0 | 1 | 2 | 3 })}
                      />
                      <span aria-hidden="true" className="w-5 font-semibold">{ALTERNATIVA_LETRAS[i]})</span>
                      <Input
                        aria-label={`Questão ${n}, alternativa ${ALTERNATIVA_LETRAS[i]}`}
                        value={alternativa}
                        onChange={(e) => {
                          const alternativas = [...questao.alternativas] as typeof questao.alternativas;
                          alternativas[i] = e.target.value;
                          setQuestao(index, { ...questao, alternativas });
                        }}
                      />
                      {questao.correta === i ? <span className="shrink-0 text-xs font-semibold">Correta</span> : null}
                    </div>
                  ))}
                </fieldset>
              ) : (
                <div className="flex flex-col gap-2">
                  <label htmlFor={`${base}-resposta`} className="text-sm">Resposta esperada (só para o professor)</label>
                  <Textarea id={`${base}-resposta`} value={questao.respostaEsperada} rows={3} onChange={(e) => setQuestao(index, { ...questao, respostaEsperada: e.target.value })} />
                </div>
              )}
            </div>
          );
        })}
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">Rubrica</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            {skill.rubrica.map((nivel, i) => (
              <div key={nivel.nivel} className="flex flex-col gap-1">
                <label htmlFor={`r-${skill.code}-${i}`} className="text-sm font-medium first-letter:uppercase">{nivel.nivel}</label>
                <Textarea
                  id={`r-${skill.code}-${i}`}
                  rows={3}
                  value={nivel.descritor}
                  onChange={(e) => onChange({ ...skill, rubrica: skill.rubrica.map((r, j) => (j === i ? { ...r, descritor: e.target.value } : r)) })}
                />
              </div>
            ))}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

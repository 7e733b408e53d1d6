import { ALTERNATIVA_LETRAS, type AvaliacaoHabilidade, type HabilidadeParcial } from '@planejador/contracts';
import { useAssessmentSkillStream } from '../api/assessment-stream';

interface SkillInProgressProps {
  avaliacaoId: string;
  skill: AvaliacaoHabilidade;
  /** The number of the skill's first question in the whole assessment. */
  firstNumber: number;
}

/** A stored skill in the shape of a streamed one, so both read the same while the assessment is written. */
function storedAsParcial(skill: AvaliacaoHabilidade): HabilidadeParcial {
  return {
    questoes: skill.questoes.map((q) => ({
      tipo: q.tipo,
      enunciado: q.enunciado,
      alternativas: q.tipo === 'multipla' ? [...q.alternativas] : [],
      respostaEsperada: q.tipo === 'aberta' ? q.respostaEsperada : '',
    })),
    rubrica: skill.rubrica,
  };
}

/**
 * One skill while the assessment is written (issue 36): its questions and rubric once stored; before that, the text
 * the AI has written so far (streamed), growing; else that it waits its turn. Not a live region: the page's status
 * says how many skills are ready; the growing text is aria-busy until the skill is stored.
 */
export function SkillInProgress({ avaliacaoId, skill, firstNumber }: SkillInProgressProps) {
  const streamed = useAssessmentSkillStream(avaliacaoId, skill.code);
  const stored = skill.questoes.length > 0;
  const parcial = stored ? storedAsParcial(skill) : streamed;
  const writing = !stored && parcial !== undefined && (parcial.questoes.length > 0 || parcial.rubrica.length > 0);
  const headingId = `escrevendo-${skill.code}`;
  return (
    <section aria-labelledby={headingId} aria-busy={stored ? undefined : true} className="rounded-md border p-3 text-sm [overflow-wrap:anywhere] sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="font-mono text-base font-semibold">
          {skill.code}
        </h2>
        <span className={stored ? 'text-xs font-semibold text-success' : 'text-xs text-muted-foreground'}>
          {stored ? 'Pronta' : writing ? 'Sendo escrita...' : 'Aguardando'}
        </span>
      </div>
      <p className="mt-1 text-muted-foreground">{skill.description.replace(/^\(\w+\)\s*/, '')}</p>
      {parcial && (stored || writing) ? <SkillText parcial={parcial} firstNumber={firstNumber} /> : null}
    </section>
  );
}

function SkillText({ parcial, firstNumber }: { parcial: HabilidadeParcial; firstNumber: number }) {
  return (
    <div className="mt-3 flex flex-col gap-3">
      {parcial.questoes.map((q, i) => {
        const n = firstNumber + i;
        const alternativas = q.alternativas.filter((a) => a.trim());
        return (
          <div key={i} className="rounded-md bg-muted/50 p-3">
            <p className="font-semibold">
              Questão {n}
              {q.tipo === 'aberta' ? ' (aberta)' : ''}
            </p>
            {q.enunciado ? <p className="mt-1 whitespace-pre-line">{q.enunciado}</p> : null}
            {alternativas.length > 0 ? (
              <ul aria-label={`Alternativas da questão ${n}`} className="mt-2 flex flex-col gap-1">
                {alternativas.map((a, j) => (
                  <li key={j}>
                    <span className="font-semibold">{ALTERNATIVA_LETRAS[j] ?? '-'}) </span>
                    {a}
                  </li>
                ))}
              </ul>
            ) : null}
            {q.respostaEsperada ? (
              <p className="mt-2 text-muted-foreground">
                <span className="font-medium text-foreground">Resposta esperada: </span>
                {q.respostaEsperada}
              </p>
            ) : null}
          </div>
        );
      })}
      {parcial.rubrica.length > 0 ? (
        <div>
          <p className="font-semibold">Rubrica</p>
          <ul aria-label="Rubrica" className="mt-1 flex flex-col gap-1">
            {parcial.rubrica.map((r) => (
              <li key={r.nivel}>
                <span className="font-medium capitalize">{r.nivel}: </span>
                <span className="text-muted-foreground">{r.descritor}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

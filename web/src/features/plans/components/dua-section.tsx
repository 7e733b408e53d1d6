import { DUA_PRINCIPIO_LABELS, DUA_PRINCIPIOS, type Dua } from '@planejador/contracts';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { duaStrategies } from '../utils/lesson-texts';

/** The lesson's DUA strategies by principle, as read on the page. */
export function DuaView({ dua }: { dua: Dua | null }) {
  const strategies = duaStrategies(dua);
  if (!strategies || DUA_PRINCIPIOS.every((p) => strategies[p].length === 0)) {
    return <p className="text-sm italic text-muted-foreground">Nenhuma estratégia de acessibilidade definida.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      {DUA_PRINCIPIOS.map((principio) => (
        <div key={principio}>
          <h4 className="text-sm font-medium">{DUA_PRINCIPIO_LABELS[principio]}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm leading-relaxed">
            {strategies[principio].map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

interface DuaEditorProps {
  numeroAula: number;
  dua: Dua | null;
  readOnly: boolean;
  onChange: (dua: Dua) => void;
}

/** Edit mode: one text area per principle, one strategy a line (at least one each, checked before saving). */
export function DuaEditor({ numeroAula, dua, readOnly, onChange }: DuaEditorProps) {
  const baseId = useId();
  const current: Dua = dua ?? { representacao: [], acaoExpressao: [], engajamento: [] };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-muted-foreground">Uma estratégia por linha, ao menos uma em cada princípio. Descreva a turma, nunca um estudante.</p>
      {DUA_PRINCIPIOS.map((principio) => {
        const id = `${baseId}-${principio}`;
        const empty = duaStrategies(current)![principio].length === 0;
        return (
          <div key={principio} className="flex flex-col gap-1.5">
            <Label htmlFor={id}>
              {DUA_PRINCIPIO_LABELS[principio]} (Aula {numeroAula})
            </Label>
            <Textarea
              id={id}
              rows={3}
              value={current[principio].join('\n')}
              readOnly={readOnly}
              aria-readonly={readOnly}
              aria-invalid={empty ? true : undefined}
              aria-describedby={empty ? `${id}-erro` : undefined}
              onChange={(event) => onChange({ ...current, [principio]: event.target.value.split('\n') })}
            />
            {empty ? (
              <p id={`${id}-erro`} className="text-sm font-medium text-destructive">
                Escreva pelo menos uma estratégia em {DUA_PRINCIPIO_LABELS[principio]}.
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

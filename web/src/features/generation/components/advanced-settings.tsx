import { etapaDef, etapaWords, LIMITS, type Etapa, type GenerateFormData, type GenerateFormInput } from '@planejador/contracts';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { TOUR_TARGETS } from '../hooks/use-generation-tutorial';

const NIVEIS: { value: number; label: string }[] = [
  { value: 1, label: '1 — Muito resumido' },
  { value: 2, label: '2 — Resumido' },
  { value: 3, label: '3 — Equilibrado (padrão)' },
  { value: 4, label: '4 — Detalhado' },
  { value: 5, label: '5 — Muito detalhado' },
];

type BooleanSetting = 'limitOneSkill' | 'preferirSeduc';

interface AdvancedSettingsProps {
  form: UseFormReturn<GenerateFormInput, unknown, GenerateFormData>;
  /** Whether RS matrix items exist for the chosen class year and subject (null: not chosen yet). */
  rsLoaded: boolean | null;
  /** The chosen class's stage (its words name the skills and the subject). */
  etapa?: Etapa;
}

/** 'Configurações Avançadas': the three generation settings, closed by default. */
export function AdvancedSettings({ form, rsLoaded, etapa }: AdvancedSettingsProps) {
  const [open, setOpen] = useState(false);
  const words = etapaWords(etapa);
  const masc = words.habilidadesArtigo === 'os';
  const nivelId = useId();
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="rounded-xl border bg-card" data-tour={TOUR_TARGETS.avancadas}>
      <h2>
        <CollapsibleTrigger className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-6">
          <SlidersHorizontal className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="flex-1">Configurações Avançadas</span>
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </CollapsibleTrigger>
      </h2>
      <CollapsibleContent className="flex flex-col gap-5 border-t px-4 py-4 sm:px-6">
        <SwitchSetting
          form={form}
          name="limitOneSkill"
          label={`Limitar a ${masc ? 'um' : 'uma'} ${words.habilidade} por aula`}
          help={`Cada aula trabalha exatamente ${masc ? 'um' : 'uma'} ${words.habilidade} da BNCC. Desligado, a aula pode combinar até 3.`}
        />
        <SwitchSetting
          form={form}
          name="preferirSeduc"
          label="Preferir matriz SEDUC-RS"
          help={
            rsLoaded
              ? `Os itens da matriz estadual do RS para ${etapaDef(etapa ?? 'fundamental').anoArticle === 'a' ? 'a' : 'o'} ${etapaDef(etapa ?? 'fundamental').anoNoun.toLowerCase()} e ${words.materiaArtigo} ${words.materiaCurta.toLowerCase()} têm prioridade sobre ${words.habilidadesArtigo} demais ${words.habilidadesMinusculas}.`
              : `Indisponível: a matriz estadual do RS ainda não foi carregada no Planejador. Por enquanto as aulas usam ${words.habilidadesArtigo} ${words.habilidadesMinusculas} da BNCC.`
          }
          disabled={!rsLoaded}
        />
        <Controller
          control={form.control}
          name="nivelDetalhamento"
          render={({ field }) => (
            <div className="flex flex-col gap-1.5 sm:max-w-sm">
              <Label htmlFor={nivelId}>Nível de detalhamento</Label>
              <Select
                value={String(field.value ?? LIMITS.nivelDefault)}
                onValueChange={(value) => field.onChange(Number(value))}
              >
                <SelectTrigger id={nivelId} aria-describedby={`${nivelId}-help`} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {NIVEIS.map((nivel) => (
                    <SelectItem key={nivel.value} value={String(nivel.value)}>
                      {nivel.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id={`${nivelId}-help`} className="text-xs text-muted-foreground">
                De 1 (textos curtos e diretos) a 5 (textos longos, com mais exemplos e etapas).
              </p>
            </div>
          )}
        />
      </CollapsibleContent>
    </Collapsible>
  );
}

function SwitchSetting({
  form,
  name,
  label,
  help,
  disabled = false,
}: {
  form: AdvancedSettingsProps['form'];
  name: BooleanSetting;
  label: string;
  help: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-help`} className="text-xs text-muted-foreground">
              {help}
            </p>
          </div>
          <Switch
            id={id}
            aria-describedby={`${id}-help`}
            // Unavailable means off: a disabled switch shown on would claim an effect it does not have.
            checked={disabled ? false : (field.value ?? true)}
            disabled={disabled}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        </div>
      )}
    />
  );
}

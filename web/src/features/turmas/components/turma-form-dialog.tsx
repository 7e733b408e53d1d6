import { formResolver } from '@/lib/form-resolver';
import {
  BARREIRA_HINTS,
  BARREIRA_LABELS,
  BARREIRAS,
  type Barreira,
  DEFAULT_ETAPA,
  ETAPAS,
  etapaDef,
  isAnoOf,
  isEtapa,
  ESTADOS,
  INSTITUICOES,
  instituicaoLabel,
  PERSONAL_DATA_LABELS,
  redactClassNotes,
  turmaSchema,
  type Turma,
  type TurmaData,
  type GeracaoInfo,
  type TurmaInput,
} from '@planejador/contracts';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { handleEnterNavigation } from '@/lib/enter-navigation';

export type TurmaDialogMode = 'create' | 'edit' | 'duplicate';

const TITLES: Record<TurmaDialogMode, string> = {
  create: 'Nova Turma',
  edit: 'Editar Turma',
  duplicate: 'Duplicar Turma',
};

/** What the class's data is for, honest about who writes the plans (an AI only when one is set up). */
const PURPOSE_TEXT = {
  openai: 'Os dados da turma ajudam a IA a adaptar os planos.',
  offline: 'Os dados da turma vão no cabeçalho dos planos.',
  unknown: 'Os dados da turma vão no cabeçalho dos planos.',
} as const;
const NOTES_HINT = {
  openai: 'Características da turma que a IA deve considerar.',
  offline: 'Características da turma, guardadas com ela (sem IA configurada, não mudam o texto dos planos).',
  unknown: 'Características da turma, guardadas com ela.',
} as const;

/** What the notes field promises (decisions.md, "Sessions and security": class notes are stored redacted). */
const NOTES_PROMISE =
  'Este campo não guarda nomes, diagnósticos, laudos nem dados de saúde: ao salvar, o que parecer dado pessoal vira um marcador, como [nome] ou [CID]. Descreva a turma, nunca um estudante.';

/**
 * The notes as the api will store them (trimmed, then redacted as class notes), with the kinds and the distinct parts
 * it removes; null when nothing would be removed.
 */
function notesPreview(notes: string) {
  const { text, found } = redactClassNotes(notes.trim());
  if (!found.length) return null;
  const removed = [...new Map(found.map((span) => [`${span.tipo}:${span.trecho}`, span])).values()];
  return { text, kinds: [...new Set(found.map((span) => span.tipo))], removed };
}

const SUBMIT_LABELS: Record<TurmaDialogMode, string> = {
  create: 'Criar Turma',
  edit: 'Salvar Alterações',
  duplicate: 'Criar Turma',
};

interface TurmaFormDialogProps {
  open: boolean;
  mode: TurmaDialogMode;
  /** The class being edited or duplicated. */
  source: Turma | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (data: TurmaData) => void;
  /** Who writes the plans (GET /api/geracao); unknown while it loads, when the texts promise nothing. */
  generator?: GeracaoInfo['generator'];
}

function initialValues(mode: TurmaDialogMode, source: Turma | null): DefaultValues<TurmaInput> {
  if (!source || mode === 'create') {
    return {
      nomeProfessor: '',
      numero: '',
      escola: '',
      etapa: DEFAULT_ETAPA,
      ano: undefined,
      estado: 'RS',
      instituicao: 'SEDUC-RS_2025',
      observacoesAdicionais: '',
      barreiras: [],
    };
  }
  return {
    nomeProfessor: source.nomeProfessor,
    // Duplicating copies everything but the class number.
    numero: mode === 'duplicate' ? '' : source.numero,
    escola: source.escola,
    etapa: source.etapa,
    ano: isAnoOf(source.etapa, source.ano) ? source.ano : undefined,
    estado: 'RS',
    instituicao: 'SEDUC-RS_2025',
    observacoesAdicionais: source.observacoesAdicionais ?? '',
    barreiras: source.barreiras ?? [],
  };
}

export function TurmaFormDialog({ open, mode, source, pending, onOpenChange, onSubmit, generator }: TurmaFormDialogProps) {
  const form = useForm<TurmaInput, unknown, TurmaData>({
    resolver: formResolver(turmaSchema),
    defaultValues: initialValues(mode, source),
  });
  // While she types: the notes as they will be saved, and what the redactor takes out (names, documents, diagnoses).
  const notes = useWatch({ control: form.control, name: 'observacoesAdicionais' }) ?? '';
  const preview = useMemo(() => notesPreview(notes), [notes]);
  // The years (grupos etários, séries) and their name follow the stage chosen first.
  const etapa = etapaDef(useWatch({ control: form.control, name: 'etapa' }) ?? DEFAULT_ETAPA);
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(initialValues(mode, source));
  }, [open, mode, source, form]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>
            {PURPOSE_TEXT[generator ?? 'unknown']} Enter passa para o próximo campo.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onKeyDownCapture={handleEnterNavigation}
          onSubmit={form.handleSubmit(onSubmit)}
        >
          <FormField label="Nome do Professor" error={errors.nomeProfessor?.message}>
            <Input data-enter="next" autoComplete="name" {...form.register('nomeProfessor')} />
          </FormField>
          <Controller
            control={form.control}
            name="etapa"
            render={({ field }) => (
              <FormField label="Etapa" error={errors.etapa?.message}>
                <SelectField
                  data-enter="next"
                  value={field.value ?? DEFAULT_ETAPA}
                  onChange={(value) => {
                    field.onChange(value);
                    // A year of the previous stage that the new one lacks is cleared, never carried over.
                    if (isEtapa(value) && !isAnoOf(value, form.getValues('ano') ?? '')) form.setValue('ano', '');
                  }}
                  onBlur={field.onBlur}
                  options={ETAPAS.map((value) => ({ value, label: etapaDef(value).label }))}
                />
              </FormField>
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Número da Turma" error={errors.numero?.message}>
              <Input data-enter="next" placeholder="Ex.: 51" {...form.register('numero')} />
            </FormField>
            <Controller
              control={form.control}
              name="ano"
              render={({ field }) => (
                <FormField label={etapa.anoNoun} error={errors.ano?.message}>
                  <SelectField
                    data-enter="next"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    placeholder={etapa.anoPrompt}
                    options={etapa.anos.map((ano) => ({ value: ano.value, label: ano.label }))}
                  />
                </FormField>
              )}
            />
          </div>
          <FormField label="Escola" error={errors.escola?.message}>
            <Input data-enter="next" {...form.register('escola')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="estado"
              render={({ field }) => (
                <FormField label="Estado" error={errors.estado?.message}>
                  <SelectField
                    data-enter="next"
                    value={field.value ?? 'RS'}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={ESTADOS.map((estado) => ({ value: estado, label: estado }))}
                  />
                </FormField>
              )}
            />
            <Controller
              control={form.control}
              name="instituicao"
              render={({ field }) => (
                <FormField label="Instituição" error={errors.instituicao?.message}>
                  <SelectField
                    data-enter="next"
                    value={field.value ?? 'SEDUC-RS_2025'}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={INSTITUICOES.map((instituicao) => ({ value: instituicao, label: instituicaoLabel(instituicao) }))}
                  />
                </FormField>
              )}
            />
          </div>
          <Controller
            control={form.control}
            name="barreiras"
            render={({ field }) => {
              const chosen = (field.value ?? []) as Barreira[];
              const toggle = (tag: Barreira, on: boolean) =>
                field.onChange(BARREIRAS.filter((b) => (b === tag ? on : chosen.includes(b))));
              return (
                <fieldset className="flex flex-col gap-2" aria-describedby="barreiras-explicacao">
                  <legend className="text-sm font-medium">Barreiras da turma (opcional)</legend>
                  <p id="barreiras-explicacao" className="text-xs text-muted-foreground">
                    Marque o que a turma precisa, nunca quem precisa: cada aula ganha estratégias de acessibilidade (DUA) para essas
                    barreiras. Nomes, diagnósticos e laudos não devem ser escritos no Planejador.
                  </p>
                  <div className="grid gap-2 sm:grid-cols-2">
                    {BARREIRAS.map((tag) => (
                      <label key={tag} className="flex items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="mt-1 size-4 shrink-0 accent-primary"
                          checked={chosen.includes(tag)}
                          onChange={(e) => toggle(tag, e.target.checked)}
                          onBlur={field.onBlur}
                        />
                        <span>
                          {BARREIRA_LABELS[tag]}
                          <span className="block text-xs text-muted-foreground">{BARREIRA_HINTS[tag]}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {errors.barreiras ? (
                    <p role="alert" className="text-sm text-destructive">
                      {errors.barreiras.message ?? errors.barreiras.root?.message}
                    </p>
                  ) : null}
                </fieldset>
              );
            }}
          />
          <FormField
            label="Observações Adicionais (opcional)"
            hint={
              <>
                {NOTES_HINT[generator ?? 'unknown']} Enter salva; Shift+Enter quebra a linha.
                <span className="mt-1 block">{NOTES_PROMISE}</span>
              </>
            }
            error={errors.observacoesAdicionais?.message}
          >
            <Textarea data-enter="submit" rows={3} {...form.register('observacoesAdicionais')} />
          </FormField>
          {/* Always in the page (its -mt-4 cancels the gap while empty), so a screen reader announces what appears in it. */}
          <div role="status" aria-label="Prévia das observações" className="-mt-4">
            {preview ? (
              <div className="mt-2 flex flex-col gap-1 rounded-md border border-warning/40 bg-warning-soft p-2 text-sm text-warning">
                <p>
                  Parece haver dado pessoal nas observações ({preview.kinds.map((kind) => PERSONAL_DATA_LABELS[kind]).join(', ')}). Escreva
                  sobre a turma sem identificar ninguém: ao salvar, o Planejador remove{' '}
                  {preview.removed.map(({ trecho, tipo }, i) => (
                    <span key={`${tipo}:${trecho}`}>
                      {i > 0 ? ', ' : ''}
                      <q className="font-medium">{trecho}</q> ({PERSONAL_DATA_LABELS[tipo]})
                    </span>
                  ))}
                  .
                </p>
                <p className="font-medium">Será guardado assim:</p>
                <p className="whitespace-pre-line break-words text-foreground">{preview.text}</p>
              </div>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Salvando...' : SUBMIT_LABELS[mode]}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { formResolver } from '@/lib/form-resolver';
import { useWriterText } from '@/lib/api/get-geracao';
import { useMatrizInfo } from '@/lib/api/get-matriz-info';
import {
  generateFormSchema,
  generateInputFromForm,
  LIMITS,
  materiaLabel,
  MSG,
  type GenerateFormData,
  type GenerateFormInput,
  type Turma,
  anoLabel,
  anoPhrase,
  DEFAULT_ETAPA,
  etapaOf,
  etapaDef,
  etapaWords,
  materiasOf,
} from '@planejador/contracts';
import { BookOpen, Eraser, Info, Sparkles } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LeaveUnsavedDialog } from '@/components/leave-unsaved-dialog';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { SelectField } from '@/components/ui/select-field';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText, isHttpError, isUnauthorized } from '@/lib/http';
import { preloadPlanProgressSocket } from '@/lib/plan-progress-socket';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { newIdempotencyKey, useGeneratePlano } from '../api/generate-plano';
import { useSearchHabilidades } from '@/lib/api/search-habilidades';
import { TOUR_TARGETS } from '../hooks/use-generation-tutorial';
import { AdvancedSettings } from './advanced-settings';
import { ConfirmGenerateDialog, type GenerateSummary } from './confirm-generate-dialog';
import { LessonsTable } from './lessons-table';
import { useLessonPins } from './lesson-skills';
import { SchoolYearFields } from './school-year-fields';
import { clearGenerateDraft, hasTypedText, readGenerateDraft, writeGenerateDraft } from '../utils/generate-draft';
import type { MatrizDialog } from './matriz-dialog';

/** The matrix dialog (its tabs, search and data) is loaded when first opened, or pointed at, not with the page. */
const loadMatrizDialog = () => import('./matriz-dialog');
const preloadMatrizDialog = () => void loadMatrizDialog().catch(() => undefined);

/** A blank form (period: the school calendar's, decided by the server). */
const emptyGenerateForm = (): GenerateFormInput => ({
  temaPrincipal: '',
  turmaId: '',
  materiaGeral: '',
  limitOneSkill: true,
  preferirSeduc: true,
  nivelDetalhamento: LIMITS.nivelDefault,
  aulas: [{ prompt: '', habilidadesFixadas: [] }],
  trimestre: undefined,
  periodo: undefined,
  dataInicio: null,
  dataFim: null,
  duracaoAulaMin: null,
});

/** "51 - E.E.F. Mário Quintana (5º ano)": two classes of one number in different years or stages are told apart. */
const turmaOptionLabel = (turma: Pick<Turma, 'numero' | 'escola' | 'ano' | 'etapa'>) =>
  `${turma.numero} - ${turma.escola} (${anoLabel(turma.ano, etapaOf(turma.etapa))})`;

interface GenerateFormProps {
  /** The signed-in user: what is typed here is kept in this browser for them alone. */
  userId: string;
  turmas: Turma[];
  credits: number;
  defaultValues?: GenerateFormInput;
  /** The plan was accepted: the page shows its progress. */
  onStarted: (planId: string) => void;
}

interface PendingConfirm {
  values: GenerateFormData;
  summary: GenerateSummary;
}

/** The generate form: class, subject, matrix, advanced settings, lessons; then the confirmation. */
export function GenerateForm({ userId, turmas, credits, defaultValues, onStarted }: GenerateFormProps) {
  // Values given (a retry, a coverage page's skills) win; else what this user typed here before, if anything.
  const [restored, setRestored] = useState(() => {
    if (defaultValues) return null;
    const draft = readGenerateDraft(userId, emptyGenerateForm());
    return draft && !turmas.some((t) => t.id === draft.turmaId) ? { ...draft, turmaId: '' } : draft;
  });
  const form = useForm<GenerateFormInput, unknown, GenerateFormData>({
    resolver: formResolver(generateFormSchema),
    defaultValues: defaultValues ?? restored ?? emptyGenerateForm(),
  });
  // Every change is kept in this browser until the plan is created or the form is cleared.
  const created = useRef(false);
  useEffect(() => {
    if (!created.current) writeGenerateDraft(userId, form.getValues());
    const subscription = form.watch((values) => {
      if (!created.current) writeGenerateDraft(userId, values as GenerateFormInput);
    });
    return () => subscription.unsubscribe();
  }, [form, userId]);
  const [temaPrincipal, aulasTyped] = useWatch({ control: form.control, name: ['temaPrincipal', 'aulas'] });
  const typed = hasTypedText({ temaPrincipal, aulas: aulasTyped ?? [] });
  const leaveGuard = useLeaveGuard(typed);
  const [confirmClear, setConfirmClear] = useState(false);
  const clearForm = () => {
    clearGenerateDraft(userId);
    form.reset(emptyGenerateForm());
    setRestored(null);
    setConfirmClear(false);
  };
  const { errors } = form.formState;
  const [turmaId, materiaGeral, firstPrompt] = useWatch({
    control: form.control,
    name: ['turmaId', 'materiaGeral', 'aulas.0.prompt'],
  });
  const generate = useGeneratePlano();
  const queryClient = useQueryClient();
  const [matrizOpen, setMatrizOpen] = useState(false);
  const matrizButton = useRef<HTMLButtonElement>(null);
  // A lesson's "Ver todas" opens the matrix to pick that lesson's skills; focus then goes back to that button.
  const [pickIndex, setPickIndex] = useState<number | null>(null);
  const pickButton = useRef<HTMLElement | null>(null);
  const pickPins = useLessonPins(form, pickIndex ?? 0);
  const [matrizDialog, setMatrizDialog] = useState<{ Component: typeof MatrizDialog } | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  // The same submit (same values) keeps its Idempotency-Key: a retry after a lost answer makes one plan.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const turma = turmas.find((t) => t.id === turmaId) ?? null;
  // The class's stage names its subjects, years and the parts of a lesson (etapas.ts).
  const etapa = turma?.etapa ?? DEFAULT_ETAPA;
  const words = etapaWords(etapa);
  const parts = `${words.habilidadesMinusculas}, objetivos, ${words.objetosConhecimento.toLowerCase()}, experiências e evidências`;
  const lessonsWriter = useWriterText({
    openai: `A IA escreve ${parts} de cada uma.`,
    offline: `Sem IA (modo offline), ${parts} de cada uma são redigidos a partir dos dados da BNCC.`,
    unknown: `Cada uma recebe ${parts}.`,
  });
  const LoadedMatrizDialog = matrizDialog?.Component;
  const noTurmas = turmas.length === 0;
  // A class year and subject without BNCC skills (Inglês before the 6º ano) is said before confirming.
  const matrizInfo = useMatrizInfo(turmaId ?? '', materiaGeral ?? '');
  // Whether RS matrix items exist for this year and subject (null: not chosen yet). Without them "Preferir matriz
  // SEDUC-RS" shows off, disabled, and the plan is asked for with it off too.
  const rsLoaded = turmaId && materiaGeral ? (matrizInfo.data?.rsLoaded ?? false) : null;
  const pool = useSearchHabilidades({ etapa, ano: turma?.ano ?? '', materia: materiaGeral ?? '', q: '', limit: 1, allowEmpty: true });
  const noSkills = pool.isSuccess && pool.data.length === 0;
  const canGenerate =
    Boolean(turmaId && materiaGeral && firstPrompt?.trim()) && !generate.isPending && credits > 0 && !noTurmas && !noSkills;

  /** Pinned skills belong to a year and a subject: changing either takes them off every lesson, saying so. */
  const dropPins = () => {
    const aulas = form.getValues('aulas');
    if (!aulas.some((aula) => aula.habilidadesFixadas?.length)) return;
    aulas.forEach((_aula, i) => form.setValue(`aulas.${i}.habilidadesFixadas`, [], { shouldDirty: true }));
    toast({
      title: `${words.habilidadesFixadas} ${words.habilidadesArtigo === 'as' ? 'retiradas' : 'retirados'}`,
      description: `${words.habilidadesArtigo === 'as' ? 'Elas' : 'Eles'} eram de outr${etapaDef(etapa).anoArticle === 'a' ? 'a' : 'o'} ${etapaDef(etapa).anoNoun.toLowerCase()} ou ${words.materiaCurta.toLowerCase()}. Escolha ${words.habilidadesArtigo} nov${words.habilidadesArtigo} em cada aula.`,
    });
  };

  const openMatriz = (index: number | null = null) => {
    pickButton.current = index === null ? null : (document.activeElement as HTMLElement | null);
    loadMatrizDialog().then(
      ({ MatrizDialog: Component }) => {
        setMatrizDialog({ Component });
        setPickIndex(index);
        setMatrizOpen(true);
      },
      () =>
        toast({ title: 'Erro', description: 'Não foi possível abrir a matriz. Recarregue a página.', variant: 'destructive' }),
    );
  };

  const openConfirm = (values: GenerateFormData) => {
    const filled = values.aulas.filter((aula) => aula.prompt.trim()).length;
    const materiasOfPlan = [...new Set(values.aulas.filter((aula) => aula.prompt.trim()).map((aula) => aula.materia || values.materiaGeral))];
    setConfirm({
      values,
      summary: {
        turma: turma ? turmaOptionLabel(turma) : '',
        titulo: values.temaPrincipal.trim(),
        // A plan that mixes subjects names them all (decisions.md, "Every stage in its own words").
        materia: materiasOfPlan.map(materiaLabel).join(', '),
        materiaNoun: materiasOfPlan.length > 1 ? words.materiasCurtas.charAt(0).toUpperCase() + words.materiasCurtas.slice(1) : words.materiaCurta,
        aulas: filled,
      },
    });
  };

  const confirmGenerate = () => {
    if (!confirm) return;
    const input = generateInputFromForm({ ...confirm.values, preferirSeduc: confirm.values.preferirSeduc && rsLoaded === true });
    if (!input) {
      setConfirm(null);
      toast({ title: MSG.aulasAllEmptyTitle, description: MSG.aulasAllEmpty, variant: 'destructive' });
      return;
    }
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    // The progress screen follows the plan over the socket: load it while the plan is being accepted.
    preloadPlanProgressSocket();
    generate.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ id }) => {
          attempt.current = null;
          // The plan holds what was typed now: the form starts blank next time.
          created.current = true;
          clearGenerateDraft(userId);
          setConfirm(null);
          onStarted(id);
        },
        onError: (error) => {
          setConfirm(null);
          // A 401 already shows 'Não Autorizado' and sends the user to sign in again.
          if (isUnauthorized(error)) return;
          // 402: the balance shown was out of date; fetch it so the 'Créditos Insuficientes' card appears.
          if (isHttpError(error, 402)) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
          toast({ title: 'Erro', description: errorText(error, 'Falha ao gerar plano de aula'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <>
    <form noValidate className="flex flex-col gap-6" onSubmit={form.handleSubmit(openConfirm)}>
      {restored ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-info/40 bg-info-soft px-4 py-3 text-sm text-info">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Restauramos o que você tinha digitado neste formulário. Para começar do zero, use Limpar formulário.
          </span>
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Dados do Plano</CardTitle>
          <CardDescription>
            {`A turma define ${etapaDef(etapa).anoArticle === 'a' ? 'a' : 'o'} ${etapaDef(etapa).anoNoun.toLowerCase()} d${words.habilidadesArtigo} ${words.habilidadesMinusculas}; ${words.materiaArtigo} ${words.materiaCurta.toLowerCase()} vale para todas as aulas.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
          <div data-tour={TOUR_TARGETS.turma}>
            <Controller
              control={form.control}
              name="turmaId"
              render={({ field }) => (
                <FormField label="Turma" error={errors.turmaId?.message}>
                  <SelectField
                    value={field.value ?? ''}
                    onChange={(value) => {
                      if (turmas.find((t) => t.id === value)?.ano !== turma?.ano) dropPins();
                      field.onChange(value);
                    }}
                    onBlur={field.onBlur}
                    disabled={noTurmas}
                    placeholder={noTurmas ? 'Nenhuma turma cadastrada' : 'Selecione a turma'}
                    options={turmas.map((t) => ({ value: t.id, label: turmaOptionLabel(t) }))}
                  />
                </FormField>
              )}
            />
          </div>
          <div data-tour={TOUR_TARGETS.materia}>
            <Controller
              control={form.control}
              name="materiaGeral"
              render={({ field }) => (
                <FormField label={words.materiaGeral} error={errors.materiaGeral?.message}>
                  <SelectField
                    value={field.value ?? ''}
                    onChange={(value) => {
                      if (value !== field.value) dropPins();
                      field.onChange(value);
                    }}
                    onBlur={field.onBlur}
                    placeholder={`Selecione ${words.materiaArtigo} ${words.materiaCurta.toLowerCase()}`}
                    options={materiasOf(etapa).map((m) => ({ value: m, label: materiaLabel(m) }))}
                  />
                </FormField>
              )}
            />
          </div>
          <div data-tour={TOUR_TARGETS.matriz} className="flex flex-col gap-1.5">
            <span className="text-sm font-medium leading-none" aria-hidden="true">
              Matriz-RS
            </span>
            <Button
              ref={matrizButton}
              variant="outline"
              aria-label="Visualizar Matriz-RS"
              disabled={!turma || !materiaGeral}
              onPointerEnter={preloadMatrizDialog}
              onFocus={preloadMatrizDialog}
              onClick={() => openMatriz()}
            >
              <BookOpen aria-hidden="true" />
              Visualizar
            </Button>
          </div>
          <FormField
            label="Título do plano"
            className="md:col-span-3"
            error={errors.temaPrincipal?.message}
            hint={`Opcional, de ${LIMITS.temaPrincipalMin} a ${LIMITS.temaPrincipalMax} caracteres. Em branco, o plano recebe o nome dos temas das suas aulas.`}
          >
            <Input
              maxLength={LIMITS.temaPrincipalMax}
              autoComplete="off"
              placeholder="Em branco, o plano é nomeado a partir das aulas"
              {...form.register('temaPrincipal')}
            />
          </FormField>
        </CardContent>
      </Card>

      <SchoolYearFields form={form} />

      <AdvancedSettings form={form} rsLoaded={rsLoaded} etapa={etapa} />

      <Card>
        <CardHeader>
          <CardTitle as="h2">Aulas</CardTitle>
          <CardDescription>
            Descreva o que cada aula vai trabalhar (até {LIMITS.aulasMax}). {lessonsWriter}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {noSkills ? (
            <p role="alert" className="mb-3 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
              {`${MSG.semHabilidadesBncc(materiaLabel(materiaGeral ?? ''), anoPhrase(turma?.ano ?? '', etapa, 'para'), words.habilidadesMinusculas)} Escolha outr${words.materiaArtigo} ${words.materiaCurta.toLowerCase()} ou turma.`}
            </p>
          ) : null}
          <LessonsTable
            form={form}
            materiaLabel={materiaGeral ? materiaLabel(materiaGeral) : null}
            materiaNoun={words.materiaCurta}
            ano={turma?.ano ?? null}
            etapa={etapa}
            materia={materiaGeral || null}
            onViewAll={openMatriz}
          />
        </CardContent>
      </Card>

      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-muted-foreground sm:mr-auto">
          {credits > 0 ? 'Gerar um plano usa 1 crédito.' : 'Sem créditos para gerar planos.'}
        </p>
        {typed ? (
          <Button variant="outline" size="lg" onClick={() => setConfirmClear(true)}>
            <Eraser aria-hidden="true" />
            Limpar formulário
          </Button>
        ) : null}
        <Button type="submit" size="lg" disabled={!canGenerate} data-tour={TOUR_TARGETS.gerar}>
          <Sparkles aria-hidden="true" />
          Gerar Plano de Aula
        </Button>
      </div>
    </form>

      {/* Once loaded it stays mounted, so closing plays its exit and gives focus back as before. */}
      {LoadedMatrizDialog ? (
        <LoadedMatrizDialog
          open={matrizOpen}
          onOpenChange={setMatrizOpen}
          turma={turma}
          // Picking one lesson's skills: that lesson's own subject, when the teacher gave it one.
          materia={(pickIndex === null ? undefined : form.getValues(`aulas.${pickIndex}.materia`)) ?? materiaGeral ?? ''}
          returnFocusTo={pickIndex === null ? matrizButton : pickButton}
          pick={pickIndex === null ? undefined : { numero: pickIndex + 1, pinned: pickPins.pins, onToggle: pickPins.toggle }}
        />
      ) : null}
      {/* "Limpar formulário" asks first: the lessons, pins and title typed are gone, here and in this browser. */}
      <ConfirmDialog
        open={confirmClear}
        title="Limpar o formulário?"
        description={`As aulas, ${words.habilidadesArtigo} ${words.habilidadesFixadas.toLowerCase()}, o título e as configurações digitados serão apagados, também deste navegador.`}
        confirmLabel="Limpar formulário"
        cancelLabel="Manter o que digitei"
        onCancel={() => setConfirmClear(false)}
        onConfirm={clearForm}
      />
      <LeaveUnsavedDialog
        guard={leaveGuard}
        description="O plano ainda não foi gerado. O que você digitou fica guardado neste navegador e volta quando você abrir Gerar Planos de novo."
        stayLabel="Continuar no formulário"
      />
      <ConfirmGenerateDialog
        summary={confirm?.summary ?? null}
        pending={generate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={confirmGenerate}
      />
    </>
  );
}

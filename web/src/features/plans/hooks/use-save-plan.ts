import type { Aula, Plano } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { errorText, isHttpError, isUnauthorized } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { useUpdatePlano } from '../api/update-plano';
import { heldLessonsNote, lessonInput, planSave } from '../utils/plan-save';
import type { usePlanEditor } from './use-plan-editor';

type PlanEditor = ReturnType<typeof usePlanEditor>;

/**
 * The plan page's two saves, "Salvar Mudanças" and a lesson's skill ("Trocar habilidade" / "Confirmar"). Each sends
 * only the lessons it changes, with the version their edits were made on (see planSave). Refused with 409 (a lesson
 * changed on the server meanwhile, or began regenerating): nothing was saved; the page says why and reads the plan
 * again, and the editor keeps the teacher's edits (a lesson the server changed takes the server's text only in the
 * fields it changed, as after a regeneration).
 */
export function useSavePlan(plano: Plano | undefined, editor: PlanEditor) {
  const queryClient = useQueryClient();
  const update = useUpdatePlano();

  const refused = (planoId: string, error: unknown, fallback: string) => {
    if (isUnauthorized(error)) return;
    toast({ title: 'Erro', description: errorText(error, fallback), variant: 'destructive' });
    if (isHttpError(error, 409)) void queryClient.invalidateQueries({ queryKey: queryKeys.plano(planoId), exact: true });
  };

  /** Saves the teacher's edits. Saved: edit mode ends, unless a lesson being regenerated was held back (its edits stay). */
  const save = (onSaved?: () => void) => {
    if (!plano) return;
    const { input, held, problems } = planSave(plano, editor);
    if (problems.length) {
      toast({ title: 'Corrija antes de salvar', description: problems.join(' '), variant: 'destructive' });
      return;
    }
    if (held.length && !input.aulas) {
      toast({ title: 'Nada para salvar agora', description: heldLessonsNote(held) });
      return;
    }
    update.mutate(
      { id: plano.id, data: input },
      {
        onSuccess: () => {
          if (held.length) {
            toast({ title: 'Salvo em parte', description: `As outras mudanças foram salvas. ${heldLessonsNote(held)}`, variant: 'success' });
          } else {
            editor.saved();
            toast({ title: 'Sucesso!', description: 'Plano de aula salvo com sucesso!', variant: 'success' });
          }
          onSaved?.();
        },
        onError: (error) => refused(plano.id, error, 'Falha ao salvar plano'),
      },
    );
  };

  /**
   * Stores this lesson's skill codes with its unsaved edits (else the lesson coming back from the server would replace
   * them); the other lessons' unsaved edits stay as they are.
   */
  const saveSkills = async (aula: Aula, codes: string[]): Promise<boolean> => {
    if (!plano) return false;
    const texts = editor.draftOf(aula);
    const withEdits = editor.hasUnsavedEdits(aula);
    try {
      await update.mutateAsync({
        id: plano.id,
        data: {
          status: editor.dirty ? 'editado' : 'salvo',
          aulas: [{ ...lessonInput(aula, texts), habilidadeCodes: codes, versao: editor.versionOf(aula.id) ?? aula.versao }],
        },
      });
      toast({
        title: 'Sucesso!',
        description: `Habilidade da Aula ${aula.numeroAula} salva${withEdits ? ', com as suas edições desta aula' : ''}.`,
        variant: 'success',
      });
      return true;
    } catch (error) {
      refused(plano.id, error, 'Falha ao salvar a habilidade');
      return false;
    }
  };

  return { save, saveSkills, saving: update.isPending };
}

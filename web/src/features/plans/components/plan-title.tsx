import { LIMITS, updatePlanoSchema, type Plano } from '@planejador/contracts';
import { Check, Loader2, Pencil, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useUpdatePlano } from '../api/update-plano';

/**
 * The plan's title (temaPrincipal), renamed in place: "Renomear plano" opens a field, saved on its own by
 * PUT { temaPrincipal } (the lessons' unsaved edits are not touched, nor the plan's status); the api's 400 is shown
 * under the field.
 */
export function PlanTitle({ plano, disabled }: { plano: Plano; disabled: boolean }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(plano.temaPrincipal);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePlano();
  const inputId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setEditing(false);
    setError(null);
    window.requestAnimationFrame(() => renameButton.current?.focus());
  };
  const save = () => {
    const parsed = updatePlanoSchema.safeParse({ temaPrincipal: value });
    const message = parsed.error?.issues[0]?.message;
    if (message) return setError(message);
    const temaPrincipal = parsed.data!.temaPrincipal!;
    if (temaPrincipal === plano.temaPrincipal) return close();
    update.mutate(
      { id: plano.id, data: { temaPrincipal, status: plano.status } },
      {
        onSuccess: () => {
          toast({ title: 'Plano renomeado', description: `O plano agora se chama “${temaPrincipal}”.`, variant: 'success' });
          close();
        },
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          setError(errorText(failure, 'Não foi possível renomear o plano.'));
        },
      },
    );
  };

  if (!editing) {
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold break-words">{plano.temaPrincipal}</p>
        <Button
          ref={renameButton}
          size="sm"
          variant="ghost"
          disabled={disabled}
          onClick={() => {
            setValue(plano.temaPrincipal);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" />
          Renomear plano
        </Button>
      </div>
    );
  }
  const errorId = error ? `${inputId}-erro` : undefined;
  return (
    <form
      noValidate
      className="mt-2 flex max-w-xl flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Label htmlFor={inputId}>Título do plano</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={inputId}
          className="min-w-0 flex-1"
          value={value}
          maxLength={LIMITS.temaPrincipalMax}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        />
        <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          Salvar título
        </Button>
        <Button variant="outline" onClick={close} disabled={update.isPending}>
          <X aria-hidden="true" />
          Cancelar
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">
          De {LIMITS.temaPrincipalMin} a {LIMITS.temaPrincipalMax} caracteres; aparece no Histórico, na cobertura e no nome do arquivo.
        </p>
      )}
    </form>
  );
}

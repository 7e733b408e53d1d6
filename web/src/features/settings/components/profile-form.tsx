import { MSG, updateUserSchema, type PublicUser, type UpdateUserData, type UpdateUserInput } from '@planejador/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formResolver } from '@/lib/form-resolver';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useUpdateUser } from '../api/update-user';

const valuesOf = (user: PublicUser): UpdateUserInput => ({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });

/** 'Sua conta': the e-mail she signs in with (read only) and her first and last name, which she may change. */
export function ProfileForm({ user }: { user: PublicUser }) {
  const form = useForm<UpdateUserInput, unknown, UpdateUserData>({
    resolver: formResolver(updateUserSchema),
    defaultValues: valuesOf(user),
  });
  const { errors } = form.formState;
  const update = useUpdateUser();

  // A newer answer for the user (another tab, a refetch on focus) shows here unless she is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(user));
  }, [user, form]);

  const submit = (data: UpdateUserData) =>
    update.mutate(data, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast({ title: 'Sucesso!', description: MSG.userUpdated, variant: 'success' });
      },
      onError: (error) => {
        // A 401 already shows 'Sessão Expirada' and sends her to /auth.
        if (isUnauthorized(error)) return;
        toast({ title: 'Erro', description: errorText(error, 'Falha ao salvar seus dados. Tente novamente.'), variant: 'destructive' });
      },
    });

  return (
    <section aria-labelledby="conta-heading">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="conta-heading">
            Sua conta
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit)}>
            <dl className="flex flex-col gap-1 text-sm">
              <dt className="font-medium">Email</dt>
              <dd className="break-all">{user.email}</dd>
              <dd className="text-xs text-muted-foreground">É com ele que você entra; não muda por aqui.</dd>
            </dl>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Nome" error={errors.firstName?.message}>
                <Input autoComplete="given-name" {...form.register('firstName')} />
              </FormField>
              <FormField label="Sobrenome" error={errors.lastName?.message}>
                <Input autoComplete="family-name" {...form.register('lastName')} />
              </FormField>
            </div>
            <Button type="submit" className="self-start" disabled={update.isPending}>
              {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}

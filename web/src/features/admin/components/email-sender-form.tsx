import { formResolver } from '@/lib/form-resolver';
import { emailFormSchema, invalidAddresses, LIMITS, MSG, resolveRecipients } from '@planejador/contracts';
import { AlertTriangle, Loader2, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useSendAdminEmail } from '../api/send-admin-email';
import { EmailPreview } from './email-preview';
import { invitationTemplate } from './invitation-template';

type EmailFormValues = z.input<typeof emailFormSchema>;
type ContentTab = 'html' | 'texto';

const SUCCESS_FALLBACK = 'Email enviado com sucesso!';
const FAILURE_FALLBACK = 'Falha ao enviar email';
const LIST_HINT = 'Separe vários endereços com ponto e vírgula (;). Endereços inválidos são ignorados (listados abaixo).';

const emptyValues = (html: string): EmailFormValues => ({ toBulk: '', ccBulk: '', bccBulk: '', subject: '', html, text: '' });

/** How much of the body the confirmation shows. */
const BODY_START_CHARS = 160;

/** The start of what the recipients will read: the plain text when given, else the HTML's text (never run). */
export function bodyStart(html: string, text: string | null | undefined): string {
  const source = text?.trim() ? text : (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
  const words = source.replace(/\s+/g, ' ').trim();
  return words.length > BODY_START_CHARS ? `${words.slice(0, BODY_START_CHARS).trimEnd()}…` : words;
}

/** The bulk e-mail form with its live preview (the preview needs the form's HTML, so they live together). */
export function EmailSenderForm() {
  const [initialHtml] = useState(() => invitationTemplate(window.location.origin));
  const form = useForm<EmailFormValues>({ resolver: formResolver(emailFormSchema), defaultValues: emptyValues(initialHtml) });
  const { errors } = form.formState;
  const [contentTab, setContentTab] = useState<ContentTab>('html');
  const send = useSendAdminEmail();

  const [toBulk, ccBulk, bccBulk, subject, html, text] = useWatch({
    control: form.control,
    name: ['toBulk', 'ccBulk', 'bccBulk', 'subject', 'html', 'text'],
  });
  // The same de-duplication as the server: what the badge counts is what will be sent.
  const recipients = useMemo(() => resolveRecipients(toBulk, ccBulk, bccBulk), [toBulk, ccBulk, bccBulk]);
  const ignored = useMemo(() => invalidAddresses(toBulk, ccBulk, bccBulk), [toBulk, ccBulk, bccBulk]);
  // The checked values waiting for the admin's confirmation ("Enviar para N destinatários?").
  const [confirming, setConfirming] = useState<EmailFormValues | null>(null);
  const total = recipients.total;
  const tooMany = total > LIMITS.emailMaxRecipients;
  const highVolume = total > LIMITS.emailWarnRecipients;

  // One send at a time: a double press (before the button turns 'Enviando...') sends once.
  const once = useSingleFlight();
  // A valid form asks first: the count, the subject and the start of the body, then the send.
  const submit = (values: EmailFormValues) => {
    if (tooMany) {
      toast({ title: 'Erro', description: MSG.tooManyRecipients, variant: 'destructive' });
      return;
    }
    setConfirming(values);
  };
  const confirmSend = (values: EmailFormValues) => {
    setConfirming(null);
    once(() =>
      send.mutateAsync(
        { ...values, to: recipients.to, cc: recipients.cc, bcc: recipients.bcc },
        {
          onSuccess: (answer) => {
            toast({ title: 'Sucesso!', description: answer.message || SUCCESS_FALLBACK, variant: 'success' });
            // Ready for the next send; the HTML stays (it is usually reused).
            form.reset(emptyValues(values.html));
          },
          onError: (error) => {
            // A 401 already shows 'Sessão Expirada' and sends the user to /auth.
            if (isUnauthorized(error)) return;
            toast({ title: 'Erro', description: errorText(error, FAILURE_FALLBACK), variant: 'destructive' });
          },
        },
      ),
    );
  };

  // A content error in the hidden tab would go unseen: show that tab.
  const invalid = (fieldErrors: FieldErrors<EmailFormValues>) => {
    if (fieldErrors.html) setContentTab('html');
    else if (fieldErrors.text && !fieldErrors.toBulk && !fieldErrors.subject) setContentTab('texto');
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Nova mensagem</CardTitle>
          <CardDescription>Preencha os destinatários, o assunto e o conteúdo do email.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit, invalid)}>
            <FormField label="Para" hint={LIST_HINT} error={errors.toBulk?.message}>
              <Textarea
                rows={2}
                autoComplete="off"
                spellCheck={false}
                placeholder="professor1@escola.com; professor2@escola.com"
                {...form.register('toBulk')}
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="CC (Cópia)" error={errors.ccBulk?.message}>
                <Textarea rows={2} autoComplete="off" spellCheck={false} placeholder="Opcional" {...form.register('ccBulk')} />
              </FormField>
              <FormField label="CCO (Cópia Oculta)" error={errors.bccBulk?.message}>
                <Textarea rows={2} autoComplete="off" spellCheck={false} placeholder="Opcional" {...form.register('bccBulk')} />
              </FormField>
            </div>

            {ignored.length ? (
              <div id="enderecos-ignorados" className="rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
                <p className="font-semibold">
                  {ignored.length === 1 ? '1 endereço inválido será ignorado:' : `${ignored.length} endereços inválidos serão ignorados:`}
                </p>
                <ul aria-label="Endereços ignorados" className="mt-1 flex flex-wrap gap-x-3 gap-y-1 break-all">
                  {ignored.map((value) => (
                    <li key={value}>{value}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">Destinatários:</span>
              <Badge variant={tooMany ? 'destructive' : total > 0 ? 'default' : 'secondary'} data-testid="recipient-count">
                {total}
              </Badge>
              <span className="text-muted-foreground">
                Para {recipients.to.length} · CC {recipients.cc.length} · CCO {recipients.bcc.length}
              </span>
            </div>
            {highVolume ? (
              <div
                role="alert"
                className="flex gap-3 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm text-warning"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Alto Volume</p>
                  <p>
                    {tooMany
                      ? MSG.tooManyRecipients
                      : `Este envio vai para ${total} destinatários. Confira a lista antes de enviar.`}
                  </p>
                </div>
              </div>
            ) : null}

            <FormField
              label="Assunto"
              error={errors.subject?.message}
              hint={`${subject.length}/${LIMITS.emailSubjectMax} caracteres`}
            >
              <Input autoComplete="off" {...form.register('subject')} />
            </FormField>

            <Tabs value={contentTab} onValueChange={(value) => setContentTab(value as ContentTab)}>
              <TabsList aria-label="Conteúdo do email" className="w-full sm:w-auto">
                <TabsTrigger value="html">HTML</TabsTrigger>
                <TabsTrigger value="texto">Texto Simples</TabsTrigger>
              </TabsList>
              {/* Both stay mounted so a value and its error survive switching tabs. */}
              <TabsContent value="html" forceMount className="data-[state=inactive]:hidden">
                <FormField
                  label="Conteúdo HTML"
                  error={errors.html?.message}
                  hint={`${html.length.toLocaleString('pt-BR')}/${LIMITS.emailHtmlMax.toLocaleString('pt-BR')} caracteres`}
                >
                  <Textarea rows={14} spellCheck={false} className="font-mono text-xs" {...form.register('html')} />
                </FormField>
              </TabsContent>
              <TabsContent value="texto" forceMount className="data-[state=inactive]:hidden">
                <FormField
                  label="Texto Simples (opcional)"
                  error={errors.text?.message}
                  hint="Versão sem formatação, para leitores de email que não exibem HTML."
                >
                  <Textarea rows={14} {...form.register('text')} />
                </FormField>
              </TabsContent>
            </Tabs>

            <div className="flex flex-col gap-1 sm:items-end">
              <Button
                type="submit"
                size="lg"
                disabled={total === 0 || tooMany || send.isPending}
                aria-busy={send.isPending}
                aria-describedby={tooMany ? 'envio-bloqueado' : undefined}
                className="w-full sm:w-auto"
              >
                {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                {send.isPending ? 'Enviando...' : `Enviar Email (${total} destinatário(s))`}
              </Button>
              {tooMany ? (
                <p id="envio-bloqueado" className="text-sm font-medium text-destructive">
                  Envio bloqueado: {total} destinatários, o máximo é {LIMITS.emailMaxRecipients}. Remova {total - LIMITS.emailMaxRecipients}{' '}
                  para enviar.
                </p>
              ) : null}
            </div>
          </form>
          <ConfirmDialog
            open={confirming !== null}
            title={total === 1 ? 'Enviar para 1 destinatário?' : `Enviar para ${total} destinatários?`}
            description={
              <>
                <p>Cada destinatário recebe uma mensagem só para si: ninguém vê o endereço dos outros.</p>
                <p>
                  <span className="font-medium text-foreground">Assunto:</span> {confirming?.subject}
                </p>
                <p>
                  <span className="font-medium text-foreground">Início da mensagem:</span>{' '}
                  {confirming ? bodyStart(confirming.html, confirming.text) : ''}
                </p>
                {ignored.length ? <p>Endereços ignorados (inválidos): {ignored.join(', ')}</p> : null}
              </>
            }
            confirmLabel="Enviar agora"
            onCancel={() => setConfirming(null)}
            onConfirm={() => confirming && confirmSend(confirming)}
          />
        </CardContent>
      </Card>

      <Card className="self-start">
        <CardHeader>
          <CardTitle as="h2">Pré-visualização</CardTitle>
          <CardDescription>
            {text.trim() ? 'O texto simples também será enviado, como alternativa ao HTML.' : 'Como o email aparecerá para os destinatários.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EmailPreview html={html} />
        </CardContent>
      </Card>
    </div>
  );
}

import { AlertTriangle, RefreshCw, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

interface ErrorScreenProps {
  message: string;
  onRetry: () => void;
}

export function ErrorScreen({ message, onRetry }: ErrorScreenProps) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center p-4" role="alert">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <div className="rounded-full bg-destructive/15 p-3 text-destructive">
            <AlertTriangle className="size-7" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold">Ops! Algo deu errado</h1>
          <p className="text-muted-foreground">
            Ocorreu um erro inesperado. Nossa equipe foi notificada automaticamente e vai investigar o problema.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {message ? (
            <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm text-foreground">
              {message}
            </pre>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Tentar Novamente
            </Button>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" />
              Recarregar Página
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

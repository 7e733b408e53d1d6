import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PATHS } from '@/lib/paths';

export function NotFoundRoute() {
  useDocumentTitle('Página não encontrada');
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6 sm:pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">Página não encontrada</h1>
          </div>
          <p className="text-sm text-muted-foreground">A página que você procura não existe ou foi movida.</p>
          <Link to={PATHS.landing} className={buttonClasses('outline', 'default', 'self-start')}>
            Voltar ao início
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}

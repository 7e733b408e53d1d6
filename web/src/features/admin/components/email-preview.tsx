import { useDeferredValue } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The message as recipients will see it. The Visual mode renders the HTML in an iframe with an empty
 * sandbox (no scripts, no same-origin access, no forms, no navigation), so nothing in it runs in our page.
 */
export function EmailPreview({ html }: { html: string }) {
  // Typing in a 100 kB template should not re-render the frame on every key.
  const deferred = useDeferredValue(html);
  return (
    <Tabs defaultValue="visual">
      <TabsList aria-label="Modo da pré-visualização" className="w-full sm:w-auto">
        <TabsTrigger value="visual">Visual</TabsTrigger>
        <TabsTrigger value="codigo">Código</TabsTrigger>
      </TabsList>
      <TabsContent value="visual">
        <iframe
          title="Pré-visualização do email"
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={deferred}
          className="h-[28rem] w-full rounded-md border bg-white"
        />
      </TabsContent>
      <TabsContent value="codigo">
        <pre
          tabIndex={0}
          aria-label="Código HTML do email"
          className="h-[28rem] overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted p-3 font-mono text-xs"
        >
          <code>{deferred}</code>
        </pre>
      </TabsContent>
    </Tabs>
  );
}

import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { SideNav } from './side-nav';

/** Below the md breakpoint the side menu is a panel that slides in from the left. */
export function MobileNav({ onOpenFeedback }: { onOpenFeedback: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <div className="border-b p-4 pr-12">
          <Logo short className="mb-3 text-base" />
          <SheetTitle className="text-sm font-semibold text-muted-foreground">Menu de Navegação</SheetTitle>
          <SheetDescription className="sr-only">Escolha uma página para abrir.</SheetDescription>
        </div>
        <SideNav onNavigate={() => setOpen(false)} onOpenFeedback={onOpenFeedback} />
      </SheetContent>
    </Sheet>
  );
}

import type { PublicUser } from '@planejador/contracts';
import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { MobileNav } from './mobile-nav';
import { UserMenu } from './user-menu';
import { PATHS } from '@/lib/paths';

export function TopBar({ user, onOpenFeedback }: { user: PublicUser; onOpenFeedback: () => void }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
        <MobileNav onOpenFeedback={onOpenFeedback} />
        <Link
          to={PATHS.dashboard}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Planejador de Aulas: ir ao Dashboard"
        >
          <Logo short className="text-lg sm:hidden" />
          <Logo className="hidden text-lg sm:inline-flex" />
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <span
            className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-secondary px-2.5 py-1 text-sm font-semibold text-secondary-foreground"
            title="Cada plano gerado usa 1 crédito"
          >
            <Coins className="size-4" aria-hidden="true" />
            {/* Phones show only the number; the label stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">Créditos:</span> {user.credits}
          </span>
          <ThemeToggle className="hidden sm:inline-flex" />
          <ThemeToggle compact className="sm:hidden" />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}

import { Star } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { NAV_ITEMS } from './nav-items';

interface SideNavProps {
  onNavigate?: () => void;
  onOpenFeedback: () => void;
}

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0';

/** The five pages plus Avaliação; the current page is highlighted and marked aria-current. */
export function SideNav({ onNavigate, onOpenFeedback }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Navegação principal" className="flex flex-col gap-1 p-3">
      {NAV_ITEMS.map(({ to, label, icon: Icon, alsoActiveOn }) => {
        const extraActive = alsoActiveOn?.some((prefix) => pathname.startsWith(prefix)) ?? false;
        return (
          <NavLink
            key={to}
            to={to}
            onClick={onNavigate}
            aria-current={extraActive ? 'page' : undefined}
            className={({ isActive }) =>
              cn(
                itemClasses,
                isActive || extraActive
                  ? 'bg-primary text-primary-foreground shadow-sm'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            <Icon aria-hidden="true" />
            {label}
          </NavLink>
        );
      })}
      <div className="my-2 h-px bg-border" />
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          onOpenFeedback();
        }}
        className={cn(itemClasses, 'text-muted-foreground hover:bg-muted hover:text-foreground')}
      >
        <Star aria-hidden="true" />
        Avaliação
      </button>
    </nav>
  );
}

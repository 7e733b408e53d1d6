import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

/** Shows the theme it switches to: Escuro in light mode, Claro in dark mode. */
export function ThemeToggle({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Claro' : 'Escuro';
  const Icon = theme === 'dark' ? Sun : Moon;
  return (
    <Button
      variant="ghost"
      size={compact ? 'icon' : 'sm'}
      onClick={toggleTheme}
      title={theme === 'dark' ? 'Mudar para o tema claro' : 'Mudar para o tema escuro'}
      className={className}
    >
      <Icon aria-hidden="true" />
      <span className={cn(compact && 'sr-only')}>{label}</span>
    </Button>
  );
}

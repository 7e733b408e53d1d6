import { History, LayoutDashboard, Settings, Sparkles, Users, type LucideIcon } from 'lucide-react';
import { PATHS, planoPath } from '@/lib/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that belong to this item (a plan page belongs to the history). */
  alsoActiveOn?: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: PATHS.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: PATHS.turmas, label: 'Turmas', icon: Users },
  { to: PATHS.gerarPlanos, label: 'Gerar Planos', icon: Sparkles },
  { to: PATHS.historico, label: 'Histórico', icon: History, alsoActiveOn: [planoPath('')] },
  { to: PATHS.configuracoes, label: 'Configurações', icon: Settings },
];

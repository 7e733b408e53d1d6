import { History, LayoutDashboard, Settings, Sparkles, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that belong to this item (a plan page belongs to the history). */
  alsoActiveOn?: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/turmas', label: 'Turmas', icon: Users },
  { to: '/gerar-planos', label: 'Gerar Planos', icon: Sparkles },
  { to: '/historico', label: 'Histórico', icon: History, alsoActiveOn: ['/plano/'] },
  { to: '/configuracoes', label: 'Configurações', icon: Settings },
];

import type { PublicUser } from '@planejador/contracts';
import { Gauge, LogOut, Mail, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/api/logout';
import { displayName, userInitial } from '@/lib/api/get-current-user';
import { PATHS } from '@/lib/paths';

export function UserMenu({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        aria-label={`Menu do usuário: ${name}`}
      >
        <Avatar>
          {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
          <AvatarFallback>{userInitial(user)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <p className="truncate font-semibold">{name}</p>
          <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(PATHS.configuracoes)}>
          <Settings aria-hidden="true" />
          Configurações
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <>
            <DropdownMenuItem onSelect={() => void navigate(PATHS.emailSender)}>
              <Mail aria-hidden="true" />
              Envio de Email
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              {/* bull-board is a server page, so a full page load. */}
              <a href={PATHS.queues}>
                <Gauge aria-hidden="true" />
                Filas de Processamento
              </a>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

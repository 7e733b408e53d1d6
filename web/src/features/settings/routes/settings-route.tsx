import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { CalendarForm } from '../components/calendar-form';
import { ProfileForm } from '../components/profile-form';

/** The teacher's settings, one section each (her account first, then her school calendar). */
export function SettingsRoute() {
  useDocumentTitle('Configurações');
  const { data: user } = useCurrentUser();
  return (
    <>
      <PageHeader title="Configurações" description="Os dados da sua conta e o calendário escolar." />
      <div className="flex max-w-3xl flex-col gap-6">
        {user ? <ProfileForm user={user} /> : <PageSpinner />}
        <CalendarForm />
      </div>
    </>
  );
}

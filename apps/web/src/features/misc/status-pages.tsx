import type { LucideIcon } from 'lucide-react';
import { Compass, HeartHandshake, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { Button } from '@/components/ui/button';

function StatusPage({ icon: Icon, code, title, text }: { icon: LucideIcon; code?: string; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-md place-items-center gap-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Icon className="size-8" />
      </span>
      {code ? <p className="text-sm font-semibold text-muted-foreground">{code}</p> : null}
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild>
        <Link to={ROUTES.home}>{t('common.goHome')}</Link>
      </Button>
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage icon={Compass} code="404" title={t('status.notFoundTitle')} text={t('status.notFoundText')} />;
}

/** Where the route guard sends a user whose role may not open a page (spec §5). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return <StatusPage icon={ShieldAlert} code="403" title={t('status.unauthorizedTitle')} text={t('status.unauthorizedText')} />;
}

/** Where an immediate account deletion ends (settings-and-referrals.md §2). */
export function GoodbyePage() {
  const { t } = useTranslation();
  return <StatusPage icon={HeartHandshake} title={t('status.goodbyeTitle')} text={t('status.goodbyeText')} />;
}

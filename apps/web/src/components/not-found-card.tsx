import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** A page whose subject does not exist (or is not the viewer's to see), with the way back to Explore. */
export function NotFoundCard({ icon: Icon, title, text, action }: { icon?: LucideIcon; title: string; text?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-lg border-dashed">
      <CardContent className="grid place-items-center gap-3 p-10 text-center">
        {Icon ? <Icon className="size-10 text-muted-foreground" /> : null}
        <h1 className="text-lg font-semibold">{title}</h1>
        {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
        {action ?? (
          <Button asChild>
            <Link to={ROUTES.home}>{t('common.goHome')}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

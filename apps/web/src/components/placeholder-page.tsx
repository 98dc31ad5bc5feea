import type { LucideIcon } from 'lucide-react';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import '@/features/misc/texts';

export interface PlaceholderProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** What the page will hold, as a short list. */
  features?: string[];
  children?: ReactNode;
}

/** A page whose feature a later release builds: its real title and purpose, in the real layout. */
export function PlaceholderPage({ icon: Icon, title, description, features, children }: PlaceholderProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon className="size-5" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <Badge variant="secondary">
            <Construction />
            {t('placeholder.badge')}
          </Badge>
        </div>
        <p className="max-w-2xl text-muted-foreground">{description}</p>
      </header>
      <Card className="border-dashed">
        <CardContent className="grid gap-4 p-6 sm:p-8">
          <p className="text-sm text-muted-foreground">{t('placeholder.text')}</p>
          {features && features.length > 0 ? (
            <ul className="grid gap-2 text-sm sm:grid-cols-2">
              {features.map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                  {f}
                </li>
              ))}
            </ul>
          ) : null}
          {children}
          <div>
            <Button variant="outline" asChild>
              <Link to="/">{t('placeholder.explore')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A section that is not built yet (billing comes with payments): what it will hold. */
export function PlaceholderSection({ sectionKey }: { sectionKey: string }) {
  const { t } = useTranslation();
  const features = t(`settings.sections.${sectionKey}.features`, { returnObjects: true, defaultValue: [] });
  return (
    <Card className="border-dashed">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t(`settings.sections.${sectionKey}.title`)}
          <Badge variant="secondary">{t('placeholder.badge')}</Badge>
        </CardTitle>
        <CardDescription>{t(`settings.sections.${sectionKey}.description`)}</CardDescription>
      </CardHeader>
      {Array.isArray(features) && features.length > 0 ? (
        <CardContent>
          <ul className="grid gap-2 text-sm sm:grid-cols-2">
            {(features as string[]).map((f) => (
              <li key={f} className="flex items-start gap-2">
                <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                {f}
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}

import { FilePlus2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BOT_FAILURES } from '@app/shared/bots/messages';
import type { BotTemplate } from '@app/shared/bots/schemas';
import { ErrorCard } from '@/components/error-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTemplates } from '../api';
import { CategoryIcon } from '../components/category-icon';
import { localizedTemplate } from './localized-template';
import './texts';

/** 'Start from a template' for a new, untouched draft: each template fills the whole form. */
export function TemplatePicker({ onPick, onScratch }: { onPick(template: BotTemplate): void; onScratch(): void }) {
  const { t, i18n } = useTranslation();
  const templates = useTemplates();
  const tile =
    'cursor-pointer text-left transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40';
  return (
    <section className="grid gap-4" aria-labelledby="templates-heading">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('botEditor.createTitle')}</h1>
      <div>
        <h2 id="templates-heading" className="text-lg font-semibold">
          {t('botEditor.templatesTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('botEditor.templatesText')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <button type="button" onClick={onScratch} className={`rounded-xl ${tile}`} data-testid="start-scratch">
          <Card className="h-full border-dashed">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <FilePlus2 className="size-4 text-primary" />
                {t('botEditor.scratch')}
              </CardTitle>
              <CardDescription>{t('botEditor.scratchText')}</CardDescription>
            </CardHeader>
          </Card>
        </button>
        {templates.isError ? (
          // The templates are a shortcut: without them the empty form still works.
          <div className="sm:col-span-1 lg:col-span-3">
            <ErrorCard message={templates.error.message || BOT_FAILURES.templates} onRetry={() => void templates.refetch()} />
          </div>
        ) : templates.isPending ? (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-28 rounded-xl" />)
        ) : (
          templates.data?.items
            .map((served) => localizedTemplate(served, i18n.language))
            .map((template) => (
              <button
                key={template.id}
                type="button"
                onClick={() => onPick(template)}
                className={`rounded-xl ${tile}`}
                data-testid="template"
              >
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle className="flex items-center gap-2 text-base">
                      <CategoryIcon icon={template.icon} className="size-4 text-primary" />
                      {t(`templates.${template.id}.name`, { defaultValue: template.name })}
                    </CardTitle>
                    <CardDescription>{t(`templates.${template.id}.description`, { defaultValue: template.description })}</CardDescription>
                  </CardHeader>
                  <CardContent className="pt-0 text-xs text-muted-foreground">{template.fields.name}</CardContent>
                </Card>
              </button>
            ))
        )}
      </div>
    </section>
  );
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import { LANGUAGES, THEMES, type Language } from '@app/shared/app/constants';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { LANGUAGE_NAMES, setLanguage } from '@/lib/i18n';
import { useThemeStore } from '@/lib/theme';
import { SETTINGS_ALIASES, SETTINGS_NAV } from './sections';

const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/** Theme and language apply at once, in this browser; saving them to the account comes with the settings release. */
function AppearanceNow() {
  const { t, i18n } = useTranslation();
  const { theme, setTheme } = useThemeStore();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.appearanceNow.title')}</CardTitle>
        <CardDescription>{t('settings.appearanceNow.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('header.theme')}</legend>
          <div className="grid grid-cols-3 gap-2">
            {THEMES.map((value) => {
              const Icon = THEME_ICONS[value];
              return (
                <Label
                  key={value}
                  className={cn(
                    'flex cursor-pointer flex-col items-center gap-2 rounded-lg border p-3 text-xs transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    theme === value ? 'border-primary bg-primary/10 text-primary' : 'hover:bg-accent',
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={value}
                    checked={theme === value}
                    onChange={() => setTheme(value)}
                    className="sr-only"
                  />
                  <Icon className="size-5" />
                  {t(`theme.${value}`)}
                </Label>
              );
            })}
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('nav.language')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {LANGUAGES.map((lang: Language) => (
              <Label
                key={lang}
                className={cn(
                  'flex cursor-pointer items-center justify-center rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  i18n.language === lang ? 'border-primary bg-primary/10 text-primary' : 'hover:bg-accent',
                )}
              >
                <input
                  type="radio"
                  name="language"
                  value={lang}
                  checked={i18n.language === lang}
                  onChange={() => void setLanguage(lang)}
                  className="sr-only"
                />
                {LANGUAGE_NAMES[lang]}
              </Label>
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** /settings and /settings/{section}: the settings area with its sections (their forms come with the settings release). */
export function SettingsPage() {
  const { t } = useTranslation();
  const { section: raw = 'profile' } = useParams();
  const slug = SETTINGS_ALIASES[raw] ?? raw;
  const current = SETTINGS_NAV.find((s) => s.slug === slug);
  if (!current) return <Navigate to="/settings" replace />;
  const features = t(`settings.sections.${current.key}.features`, { returnObjects: true, defaultValue: [] });
  const Icon = current.icon;

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('settings.title')}</h1>
        <p className="text-muted-foreground">{t('settings.subtitle')}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-[13rem_1fr]">
        <nav
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0"
          aria-label={t('settings.title')}
        >
          {SETTINGS_NAV.map((s) => {
            const ItemIcon = s.icon;
            return (
              <NavLink
                key={s.slug}
                to={`/settings/${s.slug}`}
                className={() =>
                  cn(
                    'flex h-9 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-4',
                    s.slug === slug ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                  )
                }
              >
                <ItemIcon />
                {t(`settings.sections.${s.key}.title`)}
              </NavLink>
            );
          })}
        </nav>
        <div className="grid min-w-0 content-start gap-4">
          <Card className="border-dashed">
            <CardHeader>
              <CardTitle className="flex flex-wrap items-center gap-2">
                <Icon className="size-5 text-primary" />
                {t(`settings.sections.${current.key}.title`)}
                <Badge variant="secondary">{t('placeholder.badge')}</Badge>
              </CardTitle>
              <CardDescription>{t(`settings.sections.${current.key}.description`)}</CardDescription>
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
          {current.key === 'appearance' ? <AppearanceNow /> : null}
        </div>
      </div>
    </div>
  );
}

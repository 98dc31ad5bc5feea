import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import { cn } from '@/lib/cn';
import { SETTINGS_ALIASES, SETTINGS_NAV } from './sections';
import './texts';

/** /settings and /settings/{section}: the settings area, one component per section (settings-and-referrals.md §2). */
export function SettingsPage() {
  const { t } = useTranslation();
  const { section: raw = 'profile' } = useParams();
  const slug = SETTINGS_ALIASES[raw] ?? raw;
  const current = SETTINGS_NAV.find((s) => s.slug === slug);
  const navRef = useRef<HTMLElement>(null);
  // On phones the sections are a row that scrolls sideways: keep the open one in sight.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [slug]);
  if (!current) return <Navigate to="/settings" replace />;
  const Section = current.Component;

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('settings.title')}</h1>
        <p className="text-muted-foreground">{t('settings.subtitle')}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-[13rem_1fr]">
        <nav
          ref={navRef}
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0"
          aria-label={t('settings.title')}
        >
          {SETTINGS_NAV.map((s) => {
            const ItemIcon = s.icon;
            return (
              <NavLink
                key={s.slug}
                to={`/settings/${s.slug}`}
                aria-current={s.slug === slug ? 'page' : undefined}
                className={cn(
                  'flex h-9 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-4',
                  s.slug === slug ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                <ItemIcon />
                {t(`settings.sections.${s.key}.title`)}
              </NavLink>
            );
          })}
        </nav>
        <section className="grid min-w-0 content-start gap-4" aria-label={t(`settings.sections.${current.key}.title`)}>
          <Section key={current.slug} />
        </section>
      </div>
    </div>
  );
}

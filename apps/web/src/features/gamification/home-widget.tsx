import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GamificationWidget } from './gamification-widget';
import './texts';

/**
 * The home page's gamification widget (§2.5), signed in only, loaded after the page's first paint;
 * `beside` (the Top Players card) sits next to it on a wide screen and under it on a narrow one.
 */
export function HomeGamificationWidget({ beside }: { beside?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section
      className="mt-8 grid items-start gap-3 lg:grid-cols-2 lg:gap-x-4"
      aria-labelledby="home-progress-heading"
      data-testid="home-gamification"
    >
      <h2 id="home-progress-heading" className="text-xl font-semibold lg:col-span-2">
        {t('gamification.widget.title')}
      </h2>
      <GamificationWidget />
      {beside}
    </section>
  );
}

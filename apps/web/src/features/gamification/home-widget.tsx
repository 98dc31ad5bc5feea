import { useTranslation } from 'react-i18next';
import { GamificationWidget } from './gamification-widget';
import './texts';

/** The home page's gamification widget (§2.5), signed in only, loaded after the page's first paint. */
export function HomeGamificationWidget() {
  const { t } = useTranslation();
  return (
    <section className="mt-8 grid gap-3" aria-labelledby="home-progress-heading" data-testid="home-gamification">
      <h2 id="home-progress-heading" className="text-xl font-semibold">
        {t('gamification.widget.title')}
      </h2>
      <GamificationWidget className="max-w-xl" />
    </section>
  );
}

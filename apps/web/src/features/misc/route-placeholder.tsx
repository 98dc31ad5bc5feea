import type { LucideIcon } from 'lucide-react';
import {
  Activity,
  Award,
  Bell,
  BookOpen,
  ChartLine,
  Coins,
  Crown,
  FileText,
  Flame,
  Gamepad2,
  Handshake,
  History,
  Library,
  LifeBuoy,
  Mail,
  Settings2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/placeholder-page';
import type { PlaceholderRoute } from './placeholder-routes';
import './texts';

const ICONS: Record<string, LucideIcon> = {
  trending: Flame,
  characters: Library,
  collection: Library,
  subscription: Crown,
  notifications: Bell,
  achievements: Award,
  tokens: Coins,
  partnerDashboard: Handshake,
  partnerGamesNew: Gamepad2,
  partnerAnalytics: ChartLine,
  partnerSettings: Settings2,
  monitoring: Activity,
  comics: BookOpen,
  games: Gamepad2,
  help: LifeBuoy,
  contact: Mail,
  affiliate: Handshake,
  changelog: History,
  docs: FileText,
};

export function RoutePlaceholder({ route }: { route: PlaceholderRoute }) {
  const { t } = useTranslation();
  const features = t(`pages.${route.key}.features`, { returnObjects: true, defaultValue: [] });
  return (
    <PlaceholderPage
      icon={ICONS[route.key] ?? Library}
      title={t(`pages.${route.key}.title`)}
      description={t(`pages.${route.key}.description`)}
      features={Array.isArray(features) ? (features as string[]) : []}
    />
  );
}

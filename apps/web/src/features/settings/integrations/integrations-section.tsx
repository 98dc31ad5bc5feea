import { PlaceholderSection } from '../components/placeholder-section';

/** /settings/integrations (settings-and-referrals.md §2). */
export function IntegrationsSection() {
  return <PlaceholderSection sectionKey="integrations" />;
}

import { PlaceholderSection } from '../components/placeholder-section';

/** /settings/privacy (settings-and-referrals.md §2). */
export function PrivacySection() {
  return <PlaceholderSection sectionKey="privacy" />;
}

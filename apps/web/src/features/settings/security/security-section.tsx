import { PlaceholderSection } from '../components/placeholder-section';

/** /settings/security (settings-and-referrals.md §2). */
export function SecuritySection() {
  return <PlaceholderSection sectionKey="security" />;
}

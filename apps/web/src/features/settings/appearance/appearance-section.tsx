import { PlaceholderSection } from '../components/placeholder-section';

/** /settings/appearance (settings-and-referrals.md §2). */
export function AppearanceSection() {
  return <PlaceholderSection sectionKey="appearance" />;
}

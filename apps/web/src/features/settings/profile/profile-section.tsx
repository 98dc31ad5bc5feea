import { PlaceholderSection } from '../components/placeholder-section';

/** /settings/profile (settings-and-referrals.md §2). */
export function ProfileSection() {
  return <PlaceholderSection sectionKey="profile" />;
}

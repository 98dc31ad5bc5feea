import { PlaceholderSection } from '../components/placeholder-section';

/** /settings/notifications (settings-and-referrals.md §2). */
export function NotificationsSection() {
  return <PlaceholderSection sectionKey="notifications" />;
}

import { PageSkeleton } from '@/components/page-skeleton';

/** Being built: see issue 3. */
export function BotEditorPage() {
  return <PageSkeleton />;
}

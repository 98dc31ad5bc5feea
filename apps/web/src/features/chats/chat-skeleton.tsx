import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A chat page while its chat loads, in the chat view's own frame (chat-view.tsx): the header's
 * picture and name, the conversation's box and the message box, each where it will be. The page's
 * HTML (dist/chat.html, drawn at build by scripts/prerender.js) shows it before any script has run,
 * and the app shows it again until the chat is here: nothing moves when one replaces the other.
 */
export function ChatSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className="-my-2 flex h-[calc(100dvh-7.5rem)] min-h-[28rem] flex-col gap-3 sm:-my-4"
      role="status"
      aria-label={t('common.loading')}
      data-testid="chat-skeleton"
    >
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="grid gap-1.5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <div className="min-h-0 flex-1 rounded-xl border bg-card/50 p-3 sm:p-4">
        <MessagesSkeleton />
      </div>
      <div className="flex items-end gap-2 rounded-xl border bg-card p-2 shadow-sm">
        <Skeleton className="h-10 flex-1" />
        <Skeleton className="size-10" />
      </div>
    </div>
  );
}

/** The conversation's messages while they load: the chat view's, and the shell's. */
export function MessagesSkeleton(props: ComponentProps<'div'>) {
  return (
    <div className="grid gap-4" {...props}>
      <Skeleton className="h-16 w-2/3" />
      <Skeleton className="ml-auto h-10 w-1/2" />
      <Skeleton className="h-20 w-3/4" />
    </div>
  );
}

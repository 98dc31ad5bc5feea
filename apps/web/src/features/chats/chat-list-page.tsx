import { GitBranch, MessagesSquare, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import { ROUTES } from '@app/shared/app/routes';
import type { Chat } from '@app/shared/chats/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { SearchInput } from '@/components/search-input';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/store';
import { timeAgo } from '@/features/bots/time-ago';
import { translateMessage } from '@/lib/messages';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/cn';
import { useChats, useDeleteChat } from './api';
import { plainText } from '@/features/bots/plain-text';
import { nestBranches } from './branches';
import { chatName, listSubtitles, subtitleText, type ChatSubtitle } from './chat-title';
import { NewGroupDialog } from '@/features/chat-groups/group-dialogs';
import '@/features/chat-groups/texts';
import './texts';

/** /chat: my conversations, the most recent first, with the bot and the last message. */
export function ChatListPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) {
    return (
      <Card className="mx-auto max-w-lg border-dashed">
        <CardContent className="grid place-items-center gap-3 p-10 text-center">
          <MessagesSquare className="size-10 text-primary" />
          <h1 className="text-lg font-semibold">{t('chat.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('chat.signInText')}</p>
          <Button asChild>
            <Link to={ROUTES.login}>{t('chat.signIn')}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <ChatList />;
}

function ChatList() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const chats = useChats(q);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  const [newGroup, setNewGroup] = useState(false);
  const remove = useDeleteChat();
  const subtitles = listSubtitles(chats.data?.items ?? [], i18n.language);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-4">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('chat.title')}</h1>
        <p className="text-muted-foreground">{t('chat.subtitle')}</p>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        {/* At least 16rem: on a phone the button goes under the box rather than cutting its words off. */}
        <SearchInput
          className="min-w-0 flex-1 basis-64"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('chat.search')}
        />
        <Button variant="outline" onClick={() => setNewGroup(true)} data-testid="new-group">
          <Users /> {t('chatGroups.new')}
        </Button>
      </div>
      <NewGroupDialog open={newGroup} onOpenChange={setNewGroup} />
      {chats.isError ? (
        <ErrorCard message={chats.error.message} onRetry={() => void chats.refetch()} />
      ) : chats.isPending ? (
        <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : chats.data.items.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="grid place-items-center gap-3 p-10 text-center">
            <MessagesSquare className="size-10 text-muted-foreground" />
            <p className="font-semibold">{q ? t('chat.noMatch') : t('chat.empty')}</p>
            {!q ? (
              <Button asChild>
                <Link to={ROUTES.home}>{t('chat.findCharacter')}</Link>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="chat-list">
          {nestBranches(chats.data.items).map(({ chat, depth }) => (
            <ChatRow key={chat.id} chat={chat} depth={depth} subtitle={subtitles.get(chat.id)} onDelete={() => setDeleting(chat)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('chat.deleteTitle', { name: deleting?.bot.name })}
        description={t('chat.deleteText')}
        confirmLabel={t('common.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: (err) => toast.error(translateMessage(err.message)) })
        }
      />
    </div>
  );
}

/** Indentation of a branch under its parent, at most three levels deep (a phone's width is small). */
const INDENT = ['', 'ml-5', 'ml-10', 'ml-15'];

function ChatRow({ chat, depth, subtitle, onDelete }: { chat: Chat; depth: number; subtitle?: ChatSubtitle; onDelete(): void }) {
  const { t, i18n } = useTranslation();
  const name = chatName(chat);
  const second = subtitle ? subtitleText(subtitle, (date) => t('chat.startedAt', { date })) : null;
  return (
    <li
      className={cn(
        'flex items-center gap-2 rounded-xl border bg-card p-3 transition-colors hover:bg-accent/40',
        INDENT[Math.min(depth, 3)],
      )}
      data-testid="chat-row"
      data-depth={depth}
    >
      <Link
        to={ROUTES.chatById(chat.id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        <Avatar src={chat.bot.avatarUrl} name={chat.bot.name} className="size-11" />
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)]">
          <span className="flex items-baseline justify-between gap-2">
            <span className="flex min-w-0 items-center gap-1.5">
              <span className="min-w-0 truncate font-medium" title={name}>
                {name}
              </span>
              {chat.group ? (
                <span className="flex shrink-0 items-center gap-0.5 text-xs text-muted-foreground" data-testid="group-label">
                  <Users className="size-3" aria-hidden />
                  {/* A phone keeps the room for the title: the icon, and the word for screen readers. */}
                  <span className="sr-only sm:not-sr-only">{t('chatGroups.label')}</span>
                </span>
              ) : null}
              {chat.parentId ? (
                <span className="flex shrink-0 items-center gap-0.5 text-xs text-muted-foreground" data-testid="branch-label">
                  <GitBranch className="size-3" aria-hidden />
                  <span className="sr-only sm:not-sr-only">{t('chat.branchLabel')}</span>
                </span>
              ) : null}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">{timeAgo(chat.updatedAt, i18n.language)}</span>
          </span>
          {/* What tells this chat from the others with the same character: its own title, or when it began. */}
          {second ? (
            <span className="truncate text-xs text-muted-foreground" title={second} data-testid="chat-subtitle">
              {second}
            </span>
          ) : null}
          <span className="truncate text-sm text-muted-foreground">
            {chat.lastMessage
              ? `${chat.lastMessage.role === 'user' ? `${t('chat.you')}: ` : ''}${plainText(chat.lastMessage.content)}`
              : ''}
          </span>
        </div>
      </Link>
      <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t('chat.deleteChat', { name: chat.bot.name })}>
        <Trash2 />
      </Button>
    </li>
  );
}

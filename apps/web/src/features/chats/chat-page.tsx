import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { ApiRequestError } from '@/lib/api-client';
import { useAppInfo } from '@/lib/app-info';
import { chatKeys, startChat, startGroupChat } from './api';
import { ChatSkeleton } from './chat-skeleton';
import { ChatView } from './chat-view';
import { openChatQuery } from './open-chat';
import './texts';

export { prefetchOpenChat } from './open-chat';

/**
 * /chat/{botId}: continues the newest conversation with the bot, or starts one (?new=1 always
 * starts a new one). /chats/{chatId} opens a given conversation.
 */
export function ChatPage() {
  const { botId, chatId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const query = openChatQuery({ chatId, botId, fresh: params.get('new') === '1' }, queryClient);
  const openKey = query.queryKey;
  const chat = useQuery(query);
  // Asked for beside the chat, not after it: the chat's notice of the offline responder waits for it.
  useAppInfo();

  // The same skeleton as the page's HTML drew (dist/chat.html): nothing moves while the chat loads.
  if (chat.isPending) return <ChatSkeleton />;
  if (chat.isError) {
    const missing = chat.error instanceof ApiRequestError && (chat.error.status === 404 || chat.error.status === 400);
    return missing ? (
      <NotFoundCard title={t('chat.notFound')} />
    ) : (
      <ErrorCard message={chat.error.message} onRetry={() => void chat.refetch()} />
    );
  }
  return (
    <ChatView
      key={chat.data.id}
      chat={chat.data}
      onChatChanged={(changed) => queryClient.setQueryData(openKey, changed)}
      onNewChat={() => {
        // A group starts anew with the same characters and turn order.
        const { group } = chat.data;
        const start = group
          ? startGroupChat(
              group.bots.map((b) => b.id),
              group.turnOrder,
            )
          : startChat(chat.data.botId);
        void start.then((created) => {
          // The lists only: invalidating this page's own query would start yet another chat.
          void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
          void navigate(ROUTES.chatById(created.id));
        });
      }}
    />
  );
}

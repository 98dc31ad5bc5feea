import { BookOpen } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { useChatLorebooks } from './api';
import './texts';

// The dialog's content comes in a chunk of its own, asked for when the button is pointed at or focused.
const loadContent = () => import('./chat-lorebooks-dialog');
const ChatLorebooksDialogContent = lazy(() => loadContent().then((m) => ({ default: m.ChatLorebooksDialogContent })));

/** The chat header's "Lorebooks": how many books are attached to this chat, and the dialog to change them. */
export function ChatLorebooksButton({ chatId, botIds }: { chatId: string; botIds: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const attached = useChatLorebooks(chatId);
  const count = attached.data?.items.length ?? 0;
  const label = count > 0 ? t('lorebooks.chat.buttonCount', { count }) : t('lorebooks.chat.button');
  const preload = () => void loadContent();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* The trigger: Radix gives the focus back to it when the dialog closes. */}
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="relative"
          aria-label={label}
          title={label}
          onPointerEnter={preload}
          onFocus={preload}
          data-testid="chat-lorebooks-button"
        >
          <BookOpen />
          {count > 0 ? (
            <span
              className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold leading-none text-primary-foreground"
              aria-hidden
              data-testid="chat-lorebooks-count"
            >
              {count}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      {open ? (
        <Suspense fallback={null}>
          <ChatLorebooksDialogContent chatId={chatId} botIds={botIds} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

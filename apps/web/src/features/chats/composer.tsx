import { Send, Square } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '@app/shared/chats/schemas';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import './texts';

/** The message box: Enter sends, Shift+Enter breaks the line; while a reply streams, Stop. */
export function Composer({
  streaming,
  disabled,
  onSend,
  onStop,
}: {
  streaming: boolean;
  disabled?: boolean;
  onSend(text: string): void;
  onStop(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = () => {
    const content = text.trim();
    if (!content || streaming) return;
    onSend(content);
    setText('');
  };
  return (
    <form
      className="flex items-end gap-2 rounded-xl border bg-card p-2 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        rows={1}
        maxLength={CHAT_LIMITS.messageMax}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        className="max-h-40 min-h-10 resize-none border-0 bg-transparent shadow-none focus-visible:ring-0"
        disabled={disabled}
        data-testid="composer"
      />
      {streaming ? (
        <Button type="button" variant="outline" onClick={onStop} data-testid="stop">
          <Square />
          {t('chat.stop')}
        </Button>
      ) : (
        <Button type="submit" disabled={disabled || !text.trim()} aria-label={t('chat.send')} data-testid="send">
          <Send />
        </Button>
      )}
    </form>
  );
}

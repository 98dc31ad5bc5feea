import { useTranslation } from 'react-i18next';
import type { Chat } from '@app/shared/chats/schemas';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import './texts';

/** "Let the turn order choose" in the Reply-as select. */
export const AUTO = 'auto';

/** In a group chat, who replies to the next message: the turn order's pick, or a character the user chooses. */
export function ReplyAs({
  bots,
  manual,
  value,
  onChange,
  disabled,
}: {
  bots: NonNullable<Chat['group']>['bots'];
  manual: boolean;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="reply-as" className="shrink-0 text-muted-foreground">
        {t('chatGroups.replyAs')}
      </label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id="reply-as" className="h-8 w-auto min-w-40" data-testid="reply-as">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {manual ? null : <SelectItem value={AUTO}>{t('chatGroups.auto')}</SelectItem>}
          {bots.map((b) => (
            <SelectItem key={b.id} value={b.id}>
              {b.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

import { Loader2, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { GROUP_LIMITS, TURN_ORDERS, type Chat, type TurnOrder } from '@app/shared/chats/schemas';
import type { BotSummary } from '@app/shared/bots/schemas';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { translateMessage } from '@/lib/messages';
import { addGroupBot, removeGroupBot, setTurnOrder, startGroupChat } from '@/features/chats/api';
import { useReturnFocus } from '@/lib/use-return-focus';
import { BotPicker } from './bot-picker';
import './texts';

const fail = (err: Error) => toast.error(translateMessage(err.message));

function TurnOrderSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: TurnOrder;
  onChange(v: TurnOrder): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5">
      <Label htmlFor={id}>{t('chatGroups.turnOrder')}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as TurnOrder)} disabled={disabled}>
        <SelectTrigger id={id} data-testid="turn-order">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TURN_ORDERS.map((o) => (
            <SelectItem key={o} value={o}>
              {t(`chatGroups.order.${o}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-xs text-muted-foreground">{t(`chatGroups.orderHint.${value}`)}</p>
    </div>
  );
}

/** A new group chat: 2 to 8 characters and who speaks next. */
export function NewGroupDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<BotSummary[]>([]);
  const [order, setOrder] = useState<TurnOrder>('natural');
  const [pending, setPending] = useState(false);
  const returnFocus = useReturnFocus();
  const toggle = (bot: BotSummary) =>
    setPicked((p) => (p.some((b) => b.id === bot.id) ? p.filter((b) => b.id !== bot.id) : p.length < GROUP_LIMITS.max ? [...p, bot] : p));
  const create = async () => {
    setPending(true);
    try {
      const chat = await startGroupChat(
        picked.map((b) => b.id),
        order,
      );
      onOpenChange(false);
      setPicked([]);
      await navigate(ROUTES.chatById(chat.id));
    } catch (err) {
      fail(err as Error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closed without starting: the next opening starts from nobody.
        if (!next) setPicked([]);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] grid-cols-[minmax(0,1fr)] overflow-y-auto" data-testid="new-group-dialog" {...returnFocus}>
        <DialogHeader>
          <DialogTitle>{t('chatGroups.newTitle')}</DialogTitle>
          <DialogDescription>{t('chatGroups.newHint', { min: GROUP_LIMITS.min, max: GROUP_LIMITS.max })}</DialogDescription>
        </DialogHeader>
        <p className="text-sm" aria-live="polite" data-testid="group-picked">
          {picked.length === 0 ? t('chatGroups.noneYet') : picked.map((b) => b.name).join(', ')}
        </p>
        <BotPicker picked={picked.map((b) => b.id)} onPick={toggle} disabled={pending} />
        <TurnOrderSelect id="new-group-order" value={order} onChange={setOrder} disabled={pending} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void create()} disabled={pending || picked.length < GROUP_LIMITS.min} data-testid="create-group">
            {pending ? <Loader2 className="animate-spin" /> : <Users />}
            {t('chatGroups.create', { count: picked.length })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A group chat's characters: who is in it, who joins and leaves, and the turn order. */
export function GroupMembersDialog({
  chat,
  open,
  onOpenChange,
  onChanged,
}: {
  chat: Chat;
  open: boolean;
  onOpenChange(open: boolean): void;
  onChanged(chat: Chat): void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const group = chat.group!;
  const returnFocus = useReturnFocus();
  const act = async (work: Promise<Chat>) => {
    setPending(true);
    try {
      onChanged(await work);
    } catch (err) {
      fail(err as Error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90dvh] grid-cols-[minmax(0,1fr)] overflow-y-auto"
        data-testid="group-members-dialog"
        {...returnFocus}
      >
        <DialogHeader>
          <DialogTitle>{t('chatGroups.membersTitle')}</DialogTitle>
          <DialogDescription>{t('chatGroups.membersHint', { max: GROUP_LIMITS.max })}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1" data-testid="group-members">
          {group.bots.map((bot) => (
            <li key={bot.id} className="flex items-center gap-3 rounded-md p-1.5">
              <Avatar src={bot.avatarUrl} name={bot.name} className="size-8" decorative />
              <span className="min-w-0 flex-1 truncate">{bot.name}</span>
              <Button
                variant="ghost"
                size="icon"
                disabled={pending || group.bots.length <= 1}
                aria-label={t('chatGroups.remove', { name: bot.name })}
                onClick={() => void act(removeGroupBot(chat.id, bot.id))}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
        <TurnOrderSelect
          id="group-order"
          value={group.turnOrder}
          onChange={(order) => void act(setTurnOrder(chat.id, order))}
          disabled={pending}
        />
        {group.bots.length < GROUP_LIMITS.max ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5">
            <p className="text-sm font-medium">{t('chatGroups.add')}</p>
            <BotPicker
              picked={group.bots.map((b) => b.id)}
              disabled={pending}
              onPick={(bot) => {
                if (!group.bots.some((b) => b.id === bot.id)) void act(addGroupBot(chat.id, bot.id));
              }}
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { MAX_PLAYERS, MIN_PLAYERS } from '@app/shared/challenges/catalogue';
import type { Challenge } from '@app/shared/challenges/schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useCreateRoom } from './api';
import { catalogueText, errorText } from './parts';
import './texts';

const NAME_MAX = 60;
const PLAYER_COUNTS = Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i);

/** The form of a new room: its name, how many play, and whether only an invite code finds it. */
export function CreateRoomDialog({
  challenge,
  open,
  onOpenChange,
}: {
  challenge: Challenge | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateRoom();
  const [name, setName] = useState('');
  const [players, setPlayers] = useState<number | null>(null);
  const [isPrivate, setPrivate] = useState(false);

  const reset = (next: boolean) => {
    if (!next) {
      setName('');
      setPlayers(null);
      setPrivate(false);
    }
    onOpenChange(next);
  };

  if (!challenge) return null;
  const chosenPlayers = players ?? challenge.defaultPlayers;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    create.mutate(
      { challengeId: challenge.id, ...(trimmed ? { name: trimmed } : {}), maxPlayers: chosenPlayers, private: isPrivate },
      {
        onSuccess: (room) => {
          reset(false);
          void navigate(ROUTES.challengeRoom(room.id));
        },
        onError: (error) => toast.error(errorText(error, t('challenges.errors.create')), { duration: 5000 }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('challenges.create.title')}</DialogTitle>
          <DialogDescription>{t('challenges.create.description', { name: catalogueText(challenge.name) })}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} data-testid="create-room-form">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t('challenges.create.name')}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={NAME_MAX}
              placeholder={catalogueText(challenge.name)}
              onChange={(e) => setName(e.target.value)}
              data-testid="room-name"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-players`}>{t('challenges.create.maxPlayers')}</Label>
            <Select value={String(chosenPlayers)} onValueChange={(v) => setPlayers(Number(v))}>
              <SelectTrigger id={`${id}-players`} data-testid="room-players">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PLAYER_COUNTS.map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    {t('challenges.players', { count: n })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-private`}>{t('challenges.create.private')}</Label>
              <p className="text-sm text-muted-foreground" id={`${id}-private-hint`}>
                {t('challenges.create.privateHint')}
              </p>
            </div>
            <Switch
              id={`${id}-private`}
              checked={isPrivate}
              onCheckedChange={setPrivate}
              aria-describedby={`${id}-private-hint`}
              data-testid="room-private"
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => reset(false)} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending} data-testid="create-room-submit">
              {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {create.isPending ? t('challenges.create.creating') : t('challenges.create.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

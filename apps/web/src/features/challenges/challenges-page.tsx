import { Clock, DoorOpen, History, KeyRound, Loader2, Swords, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import { CHALLENGE_MESSAGES, ZInviteCode, type Challenge, type Room } from '@app/shared/challenges/schemas';
import { ErrorCard } from '@/components/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/store';
import { translateMessage } from '@/lib/messages';
import { useActiveRoom, useChallenges, useJoinByCode, useJoinRoom, useRooms } from './api';
import { CreateRoomDialog } from './create-room-dialog';
import {
  catalogueText,
  challengeFor,
  ChallengeIcon,
  durationText,
  EmptyState,
  errorText,
  RewardList,
  Section,
  StatusBadge,
  tokensText,
  useNow,
} from './parts';
import { clockOf, countdownText, normalizeCode } from './rules';
import './texts';

const ALL = 'all';

/** /challenges: the contests, the caller's room, joining by code, the open rooms and the caller's recent ones (gamification.md §3, §7). */
export function ChallengesPage() {
  const { t } = useTranslation();
  const challenges = useChallenges();
  const active = useActiveRoom();
  const [creating, setCreating] = useState<Challenge | null>(null);
  const inRoom = Boolean(active.data);

  const header = (
    <header className="flex flex-wrap items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Swords className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('challenges.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('challenges.subtitle')}</p>
      </div>
    </header>
  );

  if (challenges.isError) {
    return (
      <div className="grid grid-cols-1 gap-5">
        {header}
        <ErrorCard message={t('challenges.loadFailed')} onRetry={() => void challenges.refetch()} />
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      {header}
      {active.data ? <ActiveRoomCard room={active.data} /> : null}
      <JoinByCode disabled={inRoom} />

      <Section title={t('challenges.list')} testId="challenge-list">
        {challenges.isPending ? (
          <div className="grid gap-3 md:grid-cols-2" aria-busy="true" data-testid="challenges-loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-56" />
            ))}
          </div>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {challenges.data.items.map((c) => (
              <ChallengeCard key={c.id} challenge={c} inRoom={inRoom} onCreate={() => setCreating(c)} />
            ))}
          </div>
        )}
        {inRoom ? <p className="text-sm text-muted-foreground">{t('challenges.inRoomHint')}</p> : null}
      </Section>

      <OpenRooms challenges={challenges.data?.items ?? []} inRoom={inRoom} />
      <MyRooms />

      <CreateRoomDialog challenge={creating} open={creating !== null} onOpenChange={(open) => !open && setCreating(null)} />
    </div>
  );
}

function ChallengeCard({ challenge, inRoom, onCreate }: { challenge: Challenge; inRoom: boolean; onCreate(): void }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col" data-testid={`challenge-${challenge.id}`}>
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <ChallengeIcon name={challenge.icon} className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            {catalogueText(challenge.name)}
            <Badge variant={challenge.ranked ? 'default' : 'secondary'}>
              {challenge.ranked ? t('challenges.ranked') : t('challenges.casual')}
            </Badge>
          </CardTitle>
          <CardDescription>{catalogueText(challenge.description)}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-4" aria-hidden />
            {durationText(t, challenge.durationMinutes)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden />
            {t('challenges.players', { count: challenge.defaultPlayers })}
          </span>
          <span className="inline-flex items-center gap-1">
            <DoorOpen className="size-4" aria-hidden />
            {t('challenges.openRooms', { count: challenge.openRooms })}
          </span>
        </div>
        <RewardList challenge={challenge} />
      </CardContent>
      <CardFooter className="mt-auto">
        <Button onClick={onCreate} disabled={inRoom} data-testid={`create-${challenge.id}`}>
          {t('challenges.createRoom')}
        </Button>
      </CardFooter>
    </Card>
  );
}

function ActiveRoomCard({ room }: { room: Room }) {
  const { t } = useTranslation();
  const challenge = challengeFor(room.challengeId);
  const now = useNow(room.status !== 'finished');
  const clock = clockOf(room, now);
  return (
    <Card className="border-primary/40 bg-primary/5" data-testid="active-room">
      <CardContent className="flex flex-wrap items-center gap-4 p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <ChallengeIcon name={challenge?.icon} className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t('challenges.active.title')}</p>
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="truncate">{room.name}</span>
            <StatusBadge status={room.status} />
          </p>
          <p className="text-sm text-muted-foreground">
            {t('challenges.playersOf', { count: room.players.filter((p) => !p.left).length, max: room.maxPlayers })}
            {clock
              ? ` · ${t(clock.to === 'start' ? 'challenges.room.startsIn' : 'challenges.room.endsIn')} ${countdownText(clock.ms)}`
              : null}
          </p>
        </div>
        <Button asChild>
          <Link to={ROUTES.challengeRoom(room.id)}>{t('challenges.active.open')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function JoinByCode({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const join = useJoinByCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const inviteCode = normalizeCode(code);
    if (!ZInviteCode.safeParse(inviteCode).success) {
      setError(translateMessage(CHALLENGE_MESSAGES.inviteCode));
      return;
    }
    setError(null);
    join.mutate(inviteCode, {
      onSuccess: (room) => void navigate(ROUTES.challengeRoom(room.id)),
      onError: (err) => setError(errorText(err, t('challenges.errors.join'))),
    });
  };
  return (
    <Card>
      <CardContent className="p-4">
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} data-testid="join-by-code">
          <div className="grid min-w-0 flex-1 basis-56 gap-2">
            <Label htmlFor={id} className="flex items-center gap-2">
              <KeyRound className="size-4 text-muted-foreground" aria-hidden />
              {t('challenges.code.title')}
            </Label>
            <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
              {t('challenges.code.hint')}
            </p>
            <Input
              id={id}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              placeholder="ABCD2345"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              className="font-mono uppercase tracking-widest"
              aria-label={t('challenges.code.label')}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              aria-invalid={error ? true : undefined}
              disabled={disabled}
              data-testid="invite-code-input"
            />
            {error ? (
              <p className="text-sm text-destructive" id={`${id}-error`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={disabled || join.isPending || code.trim() === ''} data-testid="invite-code-submit">
            {join.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {t('challenges.code.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RoomRow({ room, action }: { room: Room; action: React.ReactNode }) {
  const { t } = useTranslation();
  const challenge = challengeFor(room.challengeId);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3" data-testid="room-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <ChallengeIcon name={challenge?.icon} className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{room.name}</span>
          <StatusBadge status={room.status} />
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {challenge ? catalogueText(challenge.name) : room.challengeId} ·{' '}
          {t('challenges.playersOf', { count: room.players.filter((p) => !p.left).length, max: room.maxPlayers })}
        </p>
      </div>
      {action}
    </li>
  );
}

function OpenRooms({ challenges, inRoom }: { challenges: Challenge[]; inRoom: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<string>(ALL);
  const rooms = useRooms('open', filter === ALL ? null : filter);
  const join = useJoinRoom();
  const filterId = useId();
  return (
    <Section
      title={t('challenges.open.title')}
      testId="open-rooms"
      aside={
        <div className="flex items-center gap-2">
          <Label htmlFor={filterId} className="sr-only">
            {t('challenges.open.filter')}
          </Label>
          <Select value={filter} onValueChange={setFilter}>
            <SelectTrigger id={filterId} className="w-56 max-w-full" data-testid="open-rooms-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('challenges.open.all')}</SelectItem>
              {challenges.map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {catalogueText(c.name)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      }
    >
      {rooms.isError ? (
        <ErrorCard message={t('challenges.loadFailed')} onRetry={() => void rooms.refetch()} />
      ) : rooms.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : rooms.data.items.length === 0 ? (
        <EmptyState
          icon={<DoorOpen />}
          title={t('challenges.open.empty')}
          hint={t('challenges.open.emptyHint')}
          testId="open-rooms-empty"
        />
      ) : (
        <ul className="grid gap-2">
          {rooms.data.items.map((room) => (
            <RoomRow
              key={room.id}
              room={room}
              action={
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" asChild>
                    <Link to={ROUTES.challengeRoom(room.id)}>{t('challenges.view')}</Link>
                  </Button>
                  <Button
                    size="sm"
                    disabled={inRoom || join.isPending}
                    onClick={() =>
                      join.mutate(
                        { roomId: room.id },
                        {
                          onSuccess: () => void navigate(ROUTES.challengeRoom(room.id)),
                          onError: (error) => toast.error(errorText(error, t('challenges.errors.join')), { duration: 5000 }),
                        },
                      )
                    }
                  >
                    {t('challenges.join')}
                  </Button>
                </div>
              }
            />
          ))}
        </ul>
      )}
    </Section>
  );
}

function MyRooms() {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser()?.id;
  const rooms = useRooms('mine', null, 5);
  return (
    <Section title={t('challenges.mine.title')} testId="my-rooms">
      {rooms.isError ? (
        <ErrorCard message={t('challenges.loadFailed')} onRetry={() => void rooms.refetch()} />
      ) : rooms.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : rooms.data.items.length === 0 ? (
        <EmptyState icon={<History />} title={t('challenges.mine.empty')} hint={t('challenges.mine.emptyHint')} testId="my-rooms-empty" />
      ) : (
        <ul className="grid gap-2">
          {rooms.data.items.map((room) => {
            const mine = room.scores.find((s) => s.userId === me);
            const result =
              room.status !== 'finished' || !mine ? null : mine.rank === null ? (
                <Badge variant="outline">{t('challenges.mine.left')}</Badge>
              ) : (
                <Badge variant={mine.reward > 0 ? 'premium' : 'secondary'}>
                  {t('challenges.mine.place', { rank: mine.rank })}
                  {mine.reward > 0 ? ` · ${tokensText(t, i18n.language, mine.reward)}` : ''}
                </Badge>
              );
            return (
              <RoomRow
                key={room.id}
                room={room}
                action={
                  <div className="flex items-center gap-2">
                    {result}
                    <Button variant="outline" size="sm" asChild>
                      <Link to={ROUTES.challengeRoom(room.id)}>{t('challenges.view')}</Link>
                    </Button>
                  </div>
                }
              />
            );
          })}
        </ul>
      )}
    </Section>
  );
}

import { ArrowLeft, Copy, Crown, Loader2, LogOut, Medal, MessagesSquare, PlusCircle, Radio, SearchX, Trophy, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import type { ChallengeDef } from '@app/shared/challenges/catalogue';
import type { Room } from '@app/shared/challenges/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCard } from '@/components/error-card';
import { NotFoundCard } from '@/components/not-found-card';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/store';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useJoinRoom, useLeaveRoom, useReportScore, useRoom, useRoomLive } from './api';
import { catalogueText, challengeFor, ChallengeIcon, durationText, errorText, RewardList, StatusBadge, tokensText, useNow } from './parts';
import { clockOf, countdownText } from './rules';
import './texts';

/** /challenges/rooms/:roomId (?code= for an invite): the room, its clock, its standings live, and its moves. */
export function RoomPage() {
  const { t } = useTranslation();
  const { roomId = '' } = useParams();
  const [params] = useSearchParams();
  const inviteCode = params.get('code');
  const room = useRoom(roomId, inviteCode);
  useRoomLive(roomId);

  const back = (
    <Button variant="ghost" size="sm" className="w-fit" asChild>
      <Link to={ROUTES.challenges}>
        <ArrowLeft aria-hidden />
        {t('challenges.room.back')}
      </Link>
    </Button>
  );

  if (room.isError) {
    if (room.error instanceof ApiRequestError && (room.error.status === 404 || room.error.status === 400)) {
      return (
        <div className="grid gap-4">
          {back}
          <NotFoundCard
            icon={SearchX}
            title={t('challenges.room.notFound')}
            text={t('challenges.room.notFoundHint')}
            action={
              <Button asChild>
                <Link to={ROUTES.challenges}>{t('challenges.room.back')}</Link>
              </Button>
            }
          />
        </div>
      );
    }
    return (
      <div className="grid gap-4">
        {back}
        <ErrorCard message={t('challenges.room.loadFailed')} onRetry={() => void room.refetch()} />
      </div>
    );
  }
  if (room.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true" data-testid="room-loading">
        {back}
        <Skeleton className="h-24" />
        <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {back}
      <RoomView room={room.data} inviteCode={inviteCode} />
    </div>
  );
}

function RoomView({ room, inviteCode }: { room: Room; inviteCode: string | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser()?.id;
  const challenge = challengeFor(room.challengeId);
  const mePlayer = room.players.find((p) => p.userId === me);
  const playing = Boolean(mePlayer && !mePlayer.left);

  return (
    <>
      <header className="flex flex-wrap items-center gap-3" data-testid="room-header">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <ChallengeIcon name={challenge?.icon} className="size-6" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
            <span className="min-w-0 break-words">{room.name}</span>
            <StatusBadge status={room.status} />
            {room.private ? <Badge variant="outline">{t('challenges.private')}</Badge> : null}
          </h1>
          <p className="text-sm text-muted-foreground">
            {challenge ? `${catalogueText(challenge.name)} · ${durationText(t, challenge.durationMinutes)}` : room.challengeId}
          </p>
        </div>
      </header>

      <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="grid gap-4">
          {room.status === 'finished' ? <Results room={room} me={me} /> : null}
          {challenge && playing && room.status === 'running' ? <PlayPanel room={room} challenge={challenge} me={me} /> : null}
          <Standings room={room} me={me} />
        </div>
        <aside className="grid gap-4">
          <ClockCard room={room} />
          {challenge ? <RulesCard room={room} challenge={challenge} /> : null}
          {room.inviteCode ? <InviteCard room={room} code={room.inviteCode} /> : null}
          <Moves room={room} playing={playing} inviteCode={inviteCode} />
        </aside>
      </div>
    </>
  );
}

function ClockCard({ room }: { room: Room }) {
  const { t, i18n } = useTranslation();
  const now = useNow(room.status !== 'finished');
  const clock = clockOf(room, now);
  const active = room.players.filter((p) => !p.left).length;
  return (
    <Card data-testid="room-clock">
      <CardContent className="grid gap-2 p-4">
        {clock ? (
          <>
            <p className="text-sm text-muted-foreground">
              {t(clock.to === 'start' ? 'challenges.room.startsIn' : 'challenges.room.endsIn')}
            </p>
            {clock.ms > 0 ? (
              <p className="font-mono text-3xl font-bold tabular-nums" role="timer" aria-live="off" data-testid="countdown">
                {countdownText(clock.ms)}
              </p>
            ) : (
              <p className="flex items-center gap-2 font-medium" role="status">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                {t(clock.to === 'start' ? 'challenges.room.starting' : 'challenges.room.finishing')}
              </p>
            )}
            {room.status === 'waiting' ? <p className="text-sm text-muted-foreground">{t('challenges.room.startsWhenFull')}</p> : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('challenges.room.finishedAt', {
              time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                new Date(room.finishedAt ?? room.endsAt),
              ),
            })}
          </p>
        )}
        <p className="flex items-center gap-1.5 text-sm">
          <Users className="size-4 text-muted-foreground" aria-hidden />
          {t('challenges.playersOf', { count: active, max: room.maxPlayers })}
        </p>
      </CardContent>
    </Card>
  );
}

function RulesCard({ room, challenge }: { room: Room; challenge: ChallengeDef }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 text-sm">
        <p>{catalogueText(challenge.description)}</p>
        <p className="text-muted-foreground">{t(`challenges.howScored.${challenge.metric}`, { tag: challenge.tag })}</p>
        <div className="grid gap-1.5">
          <p className="font-medium">{t('challenges.room.rewards')}</p>
          <RewardList challenge={challenge} maxPlayers={room.maxPlayers} />
          {challenge.ranked && room.status !== 'finished' ? (
            <p className="text-xs text-muted-foreground">{t('challenges.room.rewardsNeedPlayers')}</p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function InviteCard({ room, code }: { room: Room; code: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const link = `${window.location.origin}${ROUTES.challengeRoom(room.id, code)}`;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('challenges.room.invite.copied'));
    } catch {
      toast.error(t('challenges.room.invite.copyFailed'));
    }
  };
  return (
    <Card data-testid="invite-card">
      <CardContent className="grid gap-2 p-4">
        <p className="text-sm font-medium">{t('challenges.room.invite.title')}</p>
        <p className="text-xs text-muted-foreground">{t('challenges.room.invite.code')}</p>
        <p className="font-mono text-2xl font-bold tracking-[0.3em]" data-testid="invite-code">
          {code}
        </p>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t('challenges.room.invite.copy')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Join (a waiting room one is not in), or leave (with a question first: leaving a running room forfeits). */
function Moves({ room, playing, inviteCode }: { room: Room; playing: boolean; inviteCode: string | null }) {
  const { t } = useTranslation();
  const join = useJoinRoom();
  const leave = useLeaveRoom();
  const [asking, setAsking] = useState(false);
  if (room.status === 'finished') return null;
  if (!playing) {
    if (room.status !== 'waiting') return null;
    return (
      <Card>
        <CardContent className="grid gap-3 p-4">
          <p className="text-sm text-muted-foreground">{room.private ? t('challenges.room.invited') : t('challenges.room.joinHint')}</p>
          <Button
            disabled={join.isPending}
            data-testid="join-room"
            onClick={() =>
              join.mutate(
                { roomId: room.id, inviteCode },
                { onError: (error) => toast.error(errorText(error, t('challenges.errors.join')), { duration: 5000 }) },
              )
            }
          >
            {join.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {join.isPending ? t('challenges.joining') : t('challenges.join')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)} data-testid="leave-room">
        <LogOut aria-hidden />
        {t('challenges.room.leave')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('challenges.room.leaveTitle')}
        description={room.status === 'running' ? t('challenges.room.leaveRunning') : t('challenges.room.leaveWaiting')}
        confirmLabel={leave.isPending ? t('challenges.room.leaving') : t('challenges.room.leave')}
        destructive={room.status === 'running'}
        pending={leave.isPending}
        onConfirm={() =>
          leave.mutate(room.id, {
            onSuccess: () => setAsking(false),
            onError: (error) => toast.error(errorText(error, t('challenges.errors.leave')), { duration: 5000 }),
          })
        }
      />
    </>
  );
}

/** What a player does while the room runs: a casual game's tap button, or the way to what a ranked one counts. */
function PlayPanel({ room, challenge, me }: { room: Room; challenge: ChallengeDef; me: string | undefined }) {
  const { t } = useTranslation();
  if (challenge.metric === 'client_score') return <TapGame room={room} maxScore={challenge.maxScore ?? 0} me={me} />;
  const createsBot = challenge.metric === 'published_with_tag';
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Radio className="size-4 text-emerald-600 motion-safe:animate-pulse dark:text-emerald-400" aria-hidden />
          {t('challenges.room.liveUpdates')}
        </p>
        <Button asChild size="sm">
          <Link to={createsBot ? ROUTES.botsCreate : ROUTES.chat}>
            {createsBot ? <PlusCircle aria-hidden /> : <MessagesSquare aria-hidden />}
            {createsBot ? t('challenges.room.createBot') : t('challenges.room.goChat')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** How often at most the tap game reports its count (the server keeps the best). */
const REPORT_EVERY_MS = 400;

/** The casual game: count taps (a click, Space or Enter on the button) and report the count now and then. */
function TapGame({ room, maxScore, me }: { room: Room; maxScore: number; me: string | undefined }) {
  const { t, i18n } = useTranslation();
  const report = useReportScore(room.id);
  const best = room.scores.find((s) => s.userId === me)?.score ?? 0;
  const [taps, setTaps] = useState(best);
  const counted = useRef(best);
  const reported = useRef(best);
  const send = useRef<(score: number) => void>(() => undefined);
  useEffect(() => {
    send.current = (score) =>
      report.mutate(score, { onError: (error) => toast.error(errorText(error, t('challenges.errors.score')), { duration: 5000 }) });
  }, [report, t]);

  // At most one report per REPORT_EVERY_MS, and the last count when the game goes away.
  useEffect(() => {
    const flush = () => {
      if (counted.current <= reported.current) return;
      reported.current = counted.current;
      send.current(counted.current);
    };
    const id = setInterval(flush, REPORT_EVERY_MS);
    return () => {
      clearInterval(id);
      flush();
    };
  }, []);

  const tap = () => {
    counted.current = Math.min(counted.current + 1, maxScore);
    setTaps(counted.current);
  };

  return (
    <Card data-testid="tap-game">
      <CardContent className="grid place-items-center gap-3 p-6 text-center">
        <Button size="lg" className="h-28 w-full max-w-xs rounded-2xl text-2xl" onClick={tap} data-testid="tap-button">
          {t('challenges.room.tap')}
        </Button>
        <p className="text-lg font-semibold tabular-nums" aria-live="polite" data-testid="tap-count">
          {t('challenges.room.yourTaps', { count: taps, value: new Intl.NumberFormat(i18n.language).format(taps) })}
        </p>
        <p className="text-xs text-muted-foreground">{t('challenges.room.tapHint')}</p>
      </CardContent>
    </Card>
  );
}

const PODIUM = [Crown, Trophy, Medal];

function Standings({ room, me }: { room: Room; me: string | undefined }) {
  const { t, i18n } = useTranslation();
  const players = new Map(room.players.map((p) => [p.userId, p]));
  const number = new Intl.NumberFormat(i18n.language);
  const finished = room.status === 'finished';
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center justify-between gap-2 text-base">
          {t('challenges.room.standings')}
          <span className="text-xs font-normal text-muted-foreground">{t('challenges.room.score')}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {room.scores.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t('challenges.room.noPlayers')}</p>
        ) : (
          <ol className="grid gap-1.5" aria-label={t('challenges.room.standings')} data-testid="standings">
            {room.scores.map((s) => {
              const player = players.get(s.userId);
              const name = player?.displayName ?? '?';
              const mine = s.userId === me;
              // The podium once someone scored: at the start everybody shares first place with nothing.
              const Podium = s.rank !== null && s.rank <= 3 && s.score > 0 ? PODIUM[s.rank - 1] : null;
              return (
                <li
                  key={s.userId}
                  className={cn(
                    'flex items-center gap-3 rounded-lg border px-3 py-2',
                    mine ? 'border-primary/50 bg-primary/5' : 'bg-card',
                    s.rank === null && 'opacity-60',
                  )}
                  data-testid="standing"
                  data-user={player?.username}
                >
                  <span
                    className="flex w-8 shrink-0 items-center justify-center font-semibold tabular-nums"
                    aria-label={t('challenges.room.rank')}
                  >
                    {Podium ? (
                      <Podium
                        className={cn('size-5', s.rank === 1 ? 'text-yellow-600 dark:text-yellow-400' : 'text-muted-foreground')}
                        aria-hidden
                      />
                    ) : null}
                    <span className={cn(Podium && 'sr-only')}>{s.rank === null ? '–' : `#${s.rank}`}</span>
                  </span>
                  <Avatar src={player?.avatarUrl} name={name} className="size-8" decorative />
                  <div className="grid min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-1.5 font-medium">
                      <span className="truncate">{name}</span>
                      {mine ? <Badge variant="secondary">{t('challenges.room.you')}</Badge> : null}
                      {room.hostId === s.userId ? <Badge variant="outline">{t('challenges.room.host')}</Badge> : null}
                      {player?.left ? <Badge variant="outline">{t('challenges.room.left')}</Badge> : null}
                    </span>
                    {player ? <span className="truncate text-xs text-muted-foreground">@{player.username}</span> : null}
                  </div>
                  {finished && s.reward > 0 ? (
                    <Badge variant="premium" data-testid="standing-reward">
                      {tokensText(t, i18n.language, s.reward)}
                    </Badge>
                  ) : null}
                  <span className="min-w-10 text-right text-lg font-bold tabular-nums" data-testid="standing-score">
                    {number.format(s.score)}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Results({ room, me }: { room: Room; me: string | undefined }) {
  const { t, i18n } = useTranslation();
  const mine = room.scores.find((s) => s.userId === me);
  if (!mine) return null;
  const text =
    mine.rank === null
      ? t('challenges.room.youLeft')
      : mine.reward > 0
        ? t('challenges.room.youWon', { rank: mine.rank, tokens: tokensText(t, i18n.language, mine.reward) })
        : t('challenges.room.youPlaced', { rank: mine.rank });
  return (
    <Card className={cn(mine.reward > 0 && 'border-amber-300 dark:border-amber-700')} data-testid="room-results">
      <CardContent className="flex items-center gap-3 p-4">
        <Trophy
          className={cn('size-8 shrink-0', mine.rank === 1 ? 'text-yellow-600 dark:text-yellow-400' : 'text-muted-foreground')}
          aria-hidden
        />
        <div>
          <p className="font-semibold">{t('challenges.room.results')}</p>
          <p className="text-sm">{text}</p>
        </div>
      </CardContent>
    </Card>
  );
}

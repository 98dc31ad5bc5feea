import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ZChallengeList, ZRoom, ZRoomList, ZRoomStandings, type CreateRoomBody, type Room } from '@app/shared/challenges/schemas';
import type { LiveEventData } from '@app/shared/live/schemas';
import { api, ApiRequestError } from '@/lib/api-client';
import { onLiveEvent } from '@/lib/live-events';
import { applyRoomUpdate } from './rules';

const BASE = '/api/gamification/challenges';

/**
 * The lists live under 'challenges' (the live stream marks them stale in its bursts); a room's
 * page has a key of its own, which the room's live events update at once (useRoomLive).
 */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: ['challenges', 'list'] as const,
  rooms: (scope: 'open' | 'mine', challengeId: string | null) => ['challenges', 'rooms', scope, challengeId] as const,
  active: ['challenges', 'active'] as const,
  room: (id: string) => ['challenge-room', id] as const,
};

/** The challenges with the public rooms waiting for players. */
export function useChallenges() {
  return useQuery({ queryKey: challengeKeys.list, queryFn: () => api(BASE, { schema: ZChallengeList }) });
}

/** Public rooms waiting for players (open) or the caller's own, newest first (mine). */
export function useRooms(scope: 'open' | 'mine', challengeId: string | null, limit = 20) {
  return useQuery({
    queryKey: challengeKeys.rooms(scope, challengeId),
    queryFn: () => {
      const q = new URLSearchParams({ scope, limit: String(limit) });
      if (challengeId) q.set('challengeId', challengeId);
      return api(`${BASE}/rooms?${q}`, { schema: ZRoomList });
    },
  });
}

/** The room the caller plays in now, or null (the server's 404). */
export function useActiveRoom() {
  return useQuery({
    queryKey: challengeKeys.active,
    queryFn: async () => {
      try {
        return await api(`${BASE}/rooms/active`, { schema: ZRoom });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** One room (a private one seen through its invite link needs the code). A 404 is not retried. */
export function useRoom(id: string, inviteCode: string | null) {
  return useQuery({
    queryKey: challengeKeys.room(id),
    queryFn: () =>
      api(`${BASE}/rooms/${encodeURIComponent(id)}${inviteCode ? `?inviteCode=${encodeURIComponent(inviteCode)}` : ''}`, { schema: ZRoom }),
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
    refetchOnWindowFocus: true,
  });
}

/**
 * Keeps a room's page current from the live stream (decision 027): an update newer than what is
 * shown replaces the standings at once, without a read (the client's reads are limited to 50 a
 * minute, and a busy room moves every second); one that changed who plays or the status (its
 * times with it) is read again at once, not in the stream's 1.5 s bursts.
 */
export function useRoomLive(roomId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveEvent((name, data) => {
        if (name === 'reset') {
          void queryClient.invalidateQueries({ queryKey: challengeKeys.room(roomId) });
          return;
        }
        if (name !== 'challenge.room_updated') return;
        const update = data as LiveEventData<'challenge.room_updated'>;
        if (update?.roomId !== roomId) return;
        const shown = queryClient.getQueryData<Room>(challengeKeys.room(roomId));
        const next = shown ? applyRoomUpdate(shown, update) : 'read';
        if (next === 'read') void queryClient.invalidateQueries({ queryKey: challengeKeys.room(roomId) });
        else if (next !== shown) queryClient.setQueryData(challengeKeys.room(roomId), next);
      }),
    [queryClient, roomId],
  );
}

/** After a move in a room: its page shows the answer, the lists and the active room read again. */
function afterMove(queryClient: QueryClient, room: Room) {
  queryClient.setQueryData(challengeKeys.room(room.id), room);
  void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
}

export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRoomBody) => api(`${BASE}/rooms`, { method: 'POST', body, schema: ZRoom }),
    onSuccess: (room) => afterMove(queryClient, room),
  });
}

export function useJoinRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, inviteCode }: { roomId: string; inviteCode?: string | null }) =>
      api(`${BASE}/rooms/${encodeURIComponent(roomId)}/join`, {
        method: 'POST',
        body: inviteCode ? { inviteCode } : {},
        schema: ZRoom,
      }),
    onSuccess: (room) => afterMove(queryClient, room),
    onError: (_error, { roomId }) => void queryClient.invalidateQueries({ queryKey: challengeKeys.room(roomId) }),
  });
}

export function useJoinByCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => api(`${BASE}/rooms/join`, { method: 'POST', body: { inviteCode }, schema: ZRoom }),
    onSuccess: (room) => afterMove(queryClient, room),
  });
}

export function useLeaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => api(`${BASE}/rooms/${encodeURIComponent(roomId)}/leave`, { method: 'POST', schema: ZRoom }),
    onSuccess: (room) => afterMove(queryClient, room),
  });
}

/**
 * A casual game's score as its page counts it (the server keeps the best; ranked challenges
 * ignore it). The standings it answers are shown unless a newer live update came first.
 */
export function useReportScore(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (score: number) =>
      api(`${BASE}/rooms/${encodeURIComponent(roomId)}/score`, { method: 'POST', body: { score }, schema: ZRoomStandings }),
    onSuccess: (standings) => {
      const shown = queryClient.getQueryData<Room>(challengeKeys.room(roomId));
      if (!shown) return;
      const next = applyRoomUpdate(shown, { roomId, version: standings.version, status: standings.status, scores: standings.items });
      if (next === 'read') void queryClient.invalidateQueries({ queryKey: challengeKeys.room(roomId) });
      else queryClient.setQueryData(challengeKeys.room(roomId), next);
    },
  });
}

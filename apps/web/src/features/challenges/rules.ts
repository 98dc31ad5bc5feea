import type { Room, RoomScore, RoomStatus } from '@app/shared/challenges/schemas';

/** What a room's live event carries (the shared live event's data). */
export interface RoomUpdate {
  roomId: string;
  version: number;
  status: RoomStatus;
  scores: RoomScore[];
}

/**
 * A live update applied to the room on screen: the same room when the update is not newer (events
 * and answers may arrive out of order; the version orders them), the room with the new standings
 * when only scores moved, and 'read' when it changed more than the event tells (a player came or
 * left, the status changed, with the times): then the room is read again.
 */
export function applyRoomUpdate(room: Room, update: RoomUpdate): Room | 'read' {
  if (update.roomId !== room.id || update.version <= room.version) return room;
  if (update.status !== room.status) return 'read';
  const players = new Map(room.players.map((p) => [p.userId, p]));
  if (update.scores.length !== room.players.length) return 'read';
  for (const s of update.scores) {
    const player = players.get(s.userId);
    // A player who left has no place: a place that appears or disappears is a departure.
    if (!player || player.left !== (s.rank === null)) return 'read';
  }
  return { ...room, version: update.version, scores: update.scores };
}

/** Milliseconds as the countdown shows them: 'h:mm:ss', or 'm:ss' under an hour; never negative. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A challenge's length as words' parts: whole hours in hours, anything else in minutes. */
export function durationParts(minutes: number): { unit: 'minutes' | 'hours'; count: number } {
  return minutes >= 60 && minutes % 60 === 0 ? { unit: 'hours', count: minutes / 60 } : { unit: 'minutes', count: minutes };
}

/** What the clock of a room counts down to now: its start while it waits, its end while it runs. */
export function clockOf(room: Pick<Room, 'status' | 'startsAt' | 'endsAt'>, now: number): { to: 'start' | 'end'; ms: number } | null {
  if (room.status === 'waiting') return { to: 'start', ms: new Date(room.startsAt).getTime() - now };
  if (room.status === 'running') return { to: 'end', ms: new Date(room.endsAt).getTime() - now };
  return null;
}

/** Invite codes as typed: spaces and dashes dropped, upper case (the server accepts lower case too). */
export function normalizeCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

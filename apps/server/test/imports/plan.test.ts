import { expect, it } from 'vitest';
import { planFiles } from '../../src/features/imports/plan';

it("reads SillyTavern's folders at any depth, files sent by themselves by content, and leaves the rest alone", () => {
  const files = [
    'data/default-user/characters/Seraphina.png',
    'data/default-user/characters/Seraphina/joy.png',
    'data/default-user/chats/Seraphina/Seraphina - 2024-7-12@01h31m37s.jsonl',
    'data/default-user/chats/Seraphina/notes.txt',
    'data/default-user/groups/1700000000000.json',
    'data/default-user/group chats/1700000000001.jsonl',
    'data/default-user/worlds/Eldoria.json',
    'data/default-user/User Avatars/user-default.png',
    'data/default-user/settings.json',
    'data/default-user/secrets.json',
    'data/default-user/stats.json',
    'data/default-user/backups/chat_Seraphina_20240712.jsonl',
    'data/default-user/thumbnails/avatar/Seraphina.png',
    'data/default-user/themes/Dark.json',
    '__MACOSX/data/._settings.json',
    'Captain Mira.png',
    'exported chat.jsonl',
    'notes.txt',
  ].map((path) => ({ path, size: 10 }));
  expect(planFiles(files).map((f) => [f.path.replace('data/default-user/', ''), f.kind, f.characterFolder])).toEqual([
    ['characters/Seraphina.png', 'character', undefined],
    ['chats/Seraphina/Seraphina - 2024-7-12@01h31m37s.jsonl', 'chat', 'Seraphina'],
    ['groups/1700000000000.json', 'group', undefined],
    ['group chats/1700000000001.jsonl', 'groupChat', undefined],
    ['worlds/Eldoria.json', 'world', undefined],
    ['User Avatars/user-default.png', 'avatar', undefined],
    ['settings.json', 'settings', undefined],
    ['Captain Mira.png', 'loose', undefined],
    ['exported chat.jsonl', 'loose', undefined],
  ]);
});

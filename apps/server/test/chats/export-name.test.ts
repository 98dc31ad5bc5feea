import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../src/features/chats/export-route';

describe("a chat export's file name", () => {
  const at = new Date('2026-11-28T02:03:04Z');

  it('keeps the name SillyTavern gave an imported chat', () => {
    expect(exportFileName('Seraphina - 2024-7-12@01h31m37s', 'Seraphina', at)).toBe('Seraphina - 2024-7-12@01h31m37s.jsonl');
    expect(exportFileName('Captain Mira - 2026-11-27 @18h 52m 25s 33ms', 'Captain Mira', at)).toBe(
      'Captain Mira - 2026-11-27 @18h 52m 25s 33ms.jsonl',
    );
  });

  it("names another chat after its character and when it began, as SillyTavern does, without characters a file name can't hold", () => {
    expect(exportFileName('Chat with Mira', 'Mira', at)).toBe('Mira - 2026-11-28@02h03m04s.jsonl');
    expect(exportFileName('x', 'Dr. Who/What?', at)).toBe('Dr WhoWhat - 2026-11-28@02h03m04s.jsonl');
    expect(exportFileName('../evil @1h2m3s', 'Mira', at)).toBe('Mira - 2026-11-28@02h03m04s.jsonl');
    expect(exportFileName('', '', at)).toBe('chat - 2026-11-28@02h03m04s.jsonl');
    // A name with decomposed accents (as a Mac writes file names) keeps its letters, composed.
    expect(exportFileName('Zoe\u0308 - 2024-7-12@01h31m37s', 'Zoe\u0308', at)).toBe('Zo\u00eb - 2024-7-12@01h31m37s.jsonl');
    expect(exportFileName('x', 'Zoe\u0308', at)).toBe('Zo\u00eb - 2026-11-28@02h03m04s.jsonl');
  });
});

import { describe, expect, it } from 'vitest';
import { fillNames } from './fill-names';

describe('fillNames', () => {
  it('replaces every {{char}} and {{user}}, whatever their case', () => {
    expect(fillNames('{{char}} waves at {{User}}. {{CHAR}}!', 'Mira', 'Sam')).toBe('Mira waves at Sam. Mira!');
  });

  it('capitalizes a pronoun that opens the text, a sentence or a line, behind any opening marks; never a display name', () => {
    const pronoun = { pronoun: true };
    expect(fillNames('{{user}} has just signed on.', 'Mira', 'you', pronoun)).toBe('You has just signed on.');
    expect(fillNames('Hi. {{user}} waits!\n*{{user}} nods.* "{{user}}?" asks {{user}}', 'Mira', 'you', pronoun)).toBe(
      'Hi. You waits!\n*You nods.* "You?" asks you',
    );
    expect(fillNames('Welcome, {{user}}.', 'Mira', 'you', pronoun)).toBe('Welcome, you.');
    expect(fillNames('{{user}} has just signed on.', 'Mira', 'dmitry_k')).toBe('dmitry_k has just signed on.');
  });

  it('writes a name holding $ patterns as it is', () => {
    expect(fillNames('{{user}} meets {{char}}', "$&x$'", '$1')).toBe("$1 meets $&x$'");
  });
});

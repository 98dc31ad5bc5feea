import { describe, expect, it } from 'vitest';
import { fillNames } from './fill-names';

describe('fillNames', () => {
  it('replaces every {{char}} and {{user}}, whatever their case', () => {
    expect(fillNames('{{char}} waves at {{User}}. {{CHAR}}!', 'Mira', 'Sam')).toBe('Mira waves at Sam. Mira!');
  });

  it('capitalizes a {{user}} that opens the text, a sentence or a line, behind any opening marks', () => {
    expect(fillNames('{{user}} has just signed on.', 'Mira', 'you')).toBe('You has just signed on.');
    expect(fillNames('Hi. {{user}} waits!\n*{{user}} nods.* "{{user}}?" asks {{user}}', 'Mira', 'you')).toBe(
      'Hi. You waits!\n*You nods.* "You?" asks you',
    );
    expect(fillNames('Welcome, {{user}}.', 'Mira', 'you')).toBe('Welcome, you.');
  });

  it('writes a name holding $ patterns as it is', () => {
    expect(fillNames('{{user}} meets {{char}}', "$&x$'", '$1')).toBe("$1 meets $&x$'");
  });
});

import { describe, expect, it } from 'vitest';
import { fillNames } from './fill-names';

describe('fillNames', () => {
  it('replaces every {{char}} and {{user}}, whatever their case', () => {
    expect(fillNames('{{char}} waves at {{User}}. {{CHAR}}!', 'Mira', 'Sam')).toBe('Mira waves at Sam. Mira!');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';
import {
  evaluatePassword,
  PASSWORD_MESSAGES,
  PASSWORD_STRENGTH_LABELS,
  PASSWORD_STRENGTHS,
  strengthOfScore,
  type PasswordStrength,
} from './password-policy';

// The spec's texts (settings-and-referrals.md §5), written out here so that a changed constant fails.
const SPEC = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be no more than 128 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  common: 'Password is too common and easily guessable',
};

describe('password policy messages and labels', () => {
  it('uses the spec texts word for word', () => {
    expect(PASSWORD_MESSAGES).toEqual(SPEC);
    expect(PASSWORD_STRENGTH_LABELS).toEqual({
      weak: 'Very weak password',
      medium: 'Weak password',
      strong: 'Good password',
      'very-strong': 'Excellent password',
    });
    expect(PASSWORD_STRENGTHS).toEqual(['weak', 'medium', 'strong', 'very-strong']);
  });
});

describe('strengthOfScore', () => {
  it.each([
    [0, 'weak'],
    [39, 'weak'],
    [40, 'medium'],
    [59, 'medium'],
    [60, 'strong'],
    [79, 'strong'],
    [80, 'very-strong'],
    [100, 'very-strong'],
  ] as const)('score %i is %s', (score, strength) => {
    expect(strengthOfScore(score)).toBe(strength);
  });
});

describe('evaluatePassword scoring', () => {
  it.each([
    // [password, score, why]
    ['', 0, 'nothing'],
    ['abc', 15, 'lower only, too short for the length points'],
    ['ABC', 15, 'upper only'],
    ['123', 15, 'digits only'],
    ['!!!', 15, 'special only'],
    ['abcdefgh', 35, '20 length + 15 lower'],
    ['Abcdefgh', 55, '20 + 15 upper + 15 lower + 5 mixed case'],
    ['Abcdefg1', 70, '20 + 15 + 15 + 15 digit + 5 mixed case'],
    ['1234567!', 55, '20 + 15 digit + 15 special + 5 digit and special'],
    ['Abcdef1!', 90, 'all four classes at 8 characters: 20 + 60 + 5 + 5'],
    ['Ab1!', 70, 'all four classes but too short: 60 + 5 + 5, no length points'],
    ['abcdefghijk', 35, '11 characters: no 12-character bonus yet'],
    ['abcdefghijkl', 45, '12 characters: +10'],
    ['abcdefghijklmno', 45, '15 characters: no 16-character bonus yet'],
    ['abcdefghijklmnop', 50, '16 characters: +10 +5'],
    ['ABCDEFGHIJKLMNOP1', 65, '16+ upper and digit: 20 + 15 + 15 + 10 + 5'],
    ['Abcdefgh1!xy', 100, '12 characters, all classes: 20 + 60 + 10 + 5 + 5 = 100'],
    ['Abcdefgh1!xyzwvu', 100, '16 characters, all classes: 105 capped at 100'],
  ])('%j scores %i (%s)', (password, score) => {
    expect(evaluatePassword(password).score).toBe(score);
  });

  it('gives the strength and label that belong to the score', () => {
    expect(evaluatePassword('abcdefgh')).toMatchObject({ score: 35, strength: 'weak', label: 'Very weak password' });
    expect(evaluatePassword('Abcdefgh')).toMatchObject({ score: 55, strength: 'medium', label: 'Weak password' });
    expect(evaluatePassword('Abcdefg1')).toMatchObject({ score: 70, strength: 'strong', label: 'Good password' });
    expect(evaluatePassword('Abcdef1!')).toMatchObject({ score: 90, strength: 'very-strong', label: 'Excellent password' });
  });

  it('does not count white space as a special character', () => {
    const result = evaluatePassword('Abcdefg1 ');
    expect(result.errors).toEqual([SPEC.special]);
    expect(result.score).toBe(70);
  });

  it('recognises letters beyond ASCII', () => {
    const result = evaluatePassword('Ünïcödé1!');
    expect(result.valid).toBe(true);
    expect(result.score).toBe(90);
  });
});

describe('evaluatePassword rules', () => {
  it('accepts a password that breaks no rule', () => {
    expect(evaluatePassword('Str0ng-Passphrase!')).toEqual({
      valid: true,
      errors: [],
      score: 100,
      strength: 'very-strong',
      label: 'Excellent password',
    });
  });

  it('lists every broken rule in the order length, classes, common', () => {
    expect(evaluatePassword('').errors).toEqual([SPEC.tooShort, SPEC.uppercase, SPEC.lowercase, SPEC.number, SPEC.special]);
    expect(evaluatePassword('abc').errors).toEqual([SPEC.tooShort, SPEC.uppercase, SPEC.number, SPEC.special]);
    expect(evaluatePassword('abcdefgh').errors).toEqual([SPEC.uppercase, SPEC.number, SPEC.special]);
    expect(evaluatePassword('ABCDEFG1!').errors).toEqual([SPEC.lowercase]);
    expect(evaluatePassword('Abcdefgh!').errors).toEqual([SPEC.number]);
    expect(evaluatePassword('Abcdefgh1').errors).toEqual([SPEC.special]);
    expect(evaluatePassword('password').errors).toEqual([SPEC.uppercase, SPEC.number, SPEC.special, SPEC.common]);
  });

  it('accepts 8 and 128 characters, refuses 7 and 129', () => {
    const of = (n: number) => `Aa1!${'x'.repeat(n - 4)}`;
    expect(evaluatePassword(of(8)).valid).toBe(true);
    expect(evaluatePassword(of(128)).valid).toBe(true);
    expect(evaluatePassword(of(7)).errors).toEqual([SPEC.tooShort]);
    expect(evaluatePassword(of(129)).errors).toEqual([SPEC.tooLong]);
  });

  it('scores a common password 0 and says why, whatever its letter case', () => {
    for (const password of ['Password1!', 'P@ssw0rd', 'PASSWORD1!', 'Welcome2026!', 'qwerty']) {
      const result = evaluatePassword(password);
      expect(result.score, password).toBe(0);
      expect(result.valid, password).toBe(false);
      expect(result.errors, password).toContain(SPEC.common);
      expect(result.strength, password).toBe('weak');
      expect(result.label, password).toBe('Very weak password');
    }
    // Passes every class rule; only the list stops it.
    expect(evaluatePassword('P@ssw0rd!').errors).toEqual([SPEC.common]);
  });
});

describe('isCommonPassword', () => {
  it('ignores letter case and does not match near misses', () => {
    expect(isCommonPassword('LetMeIn')).toBe(true);
    expect(isCommonPassword('letmein-not-really-7')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });
});

describe('password policy properties', () => {
  // Characters of one class each; white space is in no class.
  const classChars = {
    upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    lower: 'abcdefghijklmnopqrstuvwxyz',
    digit: '0123456789',
    special: '!@#$%^&*()-_=+[]{};:,.<>?/~',
  };
  type ClassName = keyof typeof classChars;
  const charOf = (cls: ClassName) => fc.constantFrom(...classChars[cls].split(''));

  /** A password of exactly these classes (each used at least once), up to 144 characters. */
  const passwordOf = (classes: ClassName[]) =>
    fc
      .tuple(fc.tuple(...classes.map(charOf)), fc.array(fc.constantFrom(...classes).chain(charOf), { maxLength: 140 }))
      .chain(([required, rest]) => fc.shuffledSubarray([...required, ...rest], { minLength: required.length + rest.length }))
      .map((chars) => ({ classes: new Set(classes), password: chars.join('') }));
  const built = fc.subarray(['upper', 'lower', 'digit', 'special'] as ClassName[], { minLength: 1 }).chain(passwordOf);

  it('scores as the spec computes it (model)', () => {
    fc.assert(
      fc.property(
        built.filter(({ password }) => !isCommonPassword(password)),
        ({ classes, password }) => {
          const length = password.length;
          let expected = 0;
          if (length >= 8) expected += 20;
          expected += 15 * classes.size;
          if (length >= 12) expected += 10;
          if (length >= 16) expected += 5;
          if (classes.has('upper') && classes.has('lower')) expected += 5;
          if (classes.has('digit') && classes.has('special')) expected += 5;
          expect(evaluatePassword(password).score).toBe(Math.min(100, expected));
        },
      ),
    );
  });

  it('keeps the score a multiple of 5 in 0..100, and valid exactly when nothing is broken', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (password) => {
        const result = evaluatePassword(password);
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(100);
        expect(result.score % 5).toBe(0);
        expect(result.valid).toBe(result.errors.length === 0);
        expect(result.strength).toBe(strengthOfScore(result.score));
        expect(result.label).toBe(PASSWORD_STRENGTH_LABELS[result.strength]);
        for (const error of result.errors) expect(Object.values(SPEC)).toContain(error);
      }),
    );
  });

  it('accepts every uncommon 8 to 128 character password with all four classes, and rates it very strong', () => {
    const allFour = passwordOf(['upper', 'lower', 'digit', 'special']).filter(
      ({ password }) => password.length >= 8 && password.length <= 128 && !isCommonPassword(password),
    );
    fc.assert(
      fc.property(allFour, ({ password }) => {
        const result = evaluatePassword(password);
        expect(result.valid).toBe(true);
        expect(result.score).toBeGreaterThanOrEqual(90);
        expect(result.strength).toBe('very-strong');
      }),
    );
  });

  it('never lowers the strength when the score rises', () => {
    const rank = (s: PasswordStrength) => PASSWORD_STRENGTHS.indexOf(s);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(rank(strengthOfScore(low))).toBeLessThanOrEqual(rank(strengthOfScore(high)));
      }),
    );
  });

  it('scores any letter-case variant of a common password 0', () => {
    const commons = [...COMMON_PASSWORDS];
    fc.assert(
      fc.property(fc.constantFrom(...commons), fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), (common, flips) => {
        const variant = [...common].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join('');
        const result = evaluatePassword(variant);
        expect(result.score).toBe(0);
        expect(result.errors).toContain(SPEC.common);
      }),
    );
  });
});

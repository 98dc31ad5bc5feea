import { describe, expect, it } from 'vitest';
import { canSubmitPasswordChange, ZLoginCode, ZOtpCode, ZTwoFactorSetupBody } from './schemas';

describe('canSubmitPasswordChange (the change-password dialog, §5)', () => {
  const ok = { currentPassword: 'old', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' };
  it.each([
    [ok, true],
    [{ ...ok, currentPassword: '' }, false],
    [{ ...ok, newPassword: '', confirmPassword: '' }, false],
    [{ ...ok, confirmPassword: '' }, false],
    [{ ...ok, newPassword: 'Abcdef1', confirmPassword: 'Abcdef1' }, false],
    [{ ...ok, newPassword: 'abcdefg1', confirmPassword: 'abcdefg1' }, false],
    [{ ...ok, newPassword: 'ABCDEFG1', confirmPassword: 'ABCDEFG1' }, false],
    [{ ...ok, newPassword: 'Abcdefgh', confirmPassword: 'Abcdefgh' }, false],
    [{ ...ok, confirmPassword: 'Abcdefg2' }, false],
  ])('%j → %s', (values, expected) => {
    expect(canSubmitPasswordChange(values)).toBe(expected);
  });

  it('needs no current password from an account that has none', () => {
    expect(canSubmitPasswordChange({ ...ok, currentPassword: '' }, false)).toBe(true);
  });
});

describe('two-factor inputs', () => {
  it('takes six digits for the dialogs, at most 6 characters', () => {
    expect(ZOtpCode.parse(' 123456 ')).toBe('123456');
    expect(ZOtpCode.safeParse('1234567').error?.issues[0]?.message).toBe('The code must be at most 6 characters');
    expect(ZOtpCode.safeParse('').error?.issues[0]?.message).toBe('Verification code is required');
  });

  it('takes a code or a backup code at sign-in, normalised', () => {
    expect(ZLoginCode.parse('123456')).toBe('123456');
    expect(ZLoginCode.parse('abcde-fghjk')).toBe('ABCDE-FGHJK');
    expect(ZLoginCode.safeParse('12345').success).toBe(false);
  });

  it('needs an E.164 phone for sms only', () => {
    expect(ZTwoFactorSetupBody.parse({ method: 'sms', phone: '+1 (555) 010-4567' })).toEqual({ method: 'sms', phone: '+15550104567' });
    expect(ZTwoFactorSetupBody.parse({ method: 'app', phone: '+15550104567' })).toEqual({ method: 'app', phone: null });
    expect(ZTwoFactorSetupBody.safeParse({ method: 'sms' }).error?.issues[0]?.message).toBe('Phone number is required for SMS');
  });
});

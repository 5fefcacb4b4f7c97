import { describe, expect, it } from 'vitest';
import { failedAttemptsMessage, formatCountdown, lockedButtonLabel, lockoutMessage } from './lockout.ts';

describe('lockout texts', () => {
  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(899)).toBe('14:59');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('rounds part seconds up and never goes below zero', () => {
    expect(formatCountdown(59.2)).toBe('1:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('labels the locked button', () => {
    expect(lockedButtonLabel(899)).toBe('Locked - Try again in 14:59');
  });

  it('words the lockout banner', () => {
    expect(lockoutMessage(125)).toBe('Too many failed login attempts. Please try again in 2 minutes and 5 seconds.');
  });

  it('counts the attempts left before lockout', () => {
    expect(failedAttemptsMessage(3)).toBe('3 failed attempts. 7 remaining before lockout.');
    expect(failedAttemptsMessage(12)).toBe('12 failed attempts. 0 remaining before lockout.');
  });
});

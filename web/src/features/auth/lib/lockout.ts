/** The account locks after 10 failed attempts. */
export const LOCKOUT_THRESHOLD = 10;

const wholeSeconds = (seconds: number) => Math.max(0, Math.ceil(seconds));

/** 899 → '14:59'. */
export function formatCountdown(seconds: number): string {
  const total = wholeSeconds(seconds);
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

export function lockedButtonLabel(seconds: number): string {
  return `Locked - Try again in ${formatCountdown(seconds)}`;
}

export function lockoutMessage(seconds: number): string {
  const total = wholeSeconds(seconds);
  return `Too many failed login attempts. Please try again in ${Math.floor(total / 60)} minutes and ${total % 60} seconds.`;
}

export function failedAttemptsMessage(failedAttempts: number): string {
  return `${failedAttempts} failed attempts. ${Math.max(0, LOCKOUT_THRESHOLD - failedAttempts)} remaining before lockout.`;
}

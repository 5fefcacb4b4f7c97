/**
 * '9:00 AM' for a wall-clock time 'HH:mm' (already in the account's zone, as the service log's
 * lines carry it): the way the calendar writes times, so every screen shows a time alike.
 */
export function clockLabel(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The school-calendar feature's public surface: the account's time zone and "today" in it. */
export { useAccount, useAccountToday } from './api/school-calendar.ts';
export { todayIn } from './lib/calendar.ts';

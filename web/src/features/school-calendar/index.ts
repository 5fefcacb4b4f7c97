/** The school-calendar feature's public surface: the account's time zone, "today" in it and the reporting periods. */
export { useAccount, useAccountToday, useReportingPeriods } from './api/school-calendar.ts';
export { todayIn } from './lib/calendar.ts';

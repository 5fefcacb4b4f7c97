import { Skeleton, Stack } from '@chakra-ui/react';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import { useAccount, useClosures, useReportingPeriods, useSchoolYears } from '../api/school-calendar.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { ClosuresCard } from '../components/ClosuresCard.tsx';
import { ReportingPeriodsCard } from '../components/ReportingPeriodsCard.tsx';
import { SchoolYearsCard } from '../components/SchoolYearsCard.tsx';

const TITLE = 'School Calendar';

/** /school-calendar: the account's name and time zone, the school years, the closures and the reporting periods (users who manage users). */
export default function SchoolCalendarPage() {
  const canManage = usePermission('canManageUsers');
  if (!canManage) {
    return <NoPermission title={TITLE} message="You do not have permission to manage the school calendar." hint="Ask your account owner to change the time zone or the closures." />;
  }
  return <SchoolCalendar />;
}

function SchoolCalendar() {
  const account = useAccount();
  const schoolYears = useSchoolYears();
  const closures = useClosures(true);
  const periods = useReportingPeriods();
  return (
    <>
      <PageHeading title={TITLE} subtitle="The account's time zone, the school years and their breaks, the days the school is closed and the reporting periods" />
      <Stack gap="6">
        <QueryState query={account} loading="Loading the account" placeholder={<Skeleton height="48" />} error="Could not load the account." retry>
          {(data) => <AccountCard account={data} />}
        </QueryState>
        <QueryState query={schoolYears} loading="Loading the school years" placeholder={<Skeleton height="48" />} error="Could not load the school years." retry>
          {(data) => <SchoolYearsCard schoolYears={data.schoolYears} />}
        </QueryState>
        <QueryState query={closures} loading="Loading the closures" placeholder={<Skeleton height="48" />} error="Could not load the closures." retry>
          {(data) => <ClosuresCard closures={data.closures} />}
        </QueryState>
        <QueryState query={periods} loading="Loading the reporting periods" placeholder={<Skeleton height="48" />} error="Could not load the reporting periods." retry>
          {(data) => <ReportingPeriodsCard data={data} />}
        </QueryState>
      </Stack>
    </>
  );
}

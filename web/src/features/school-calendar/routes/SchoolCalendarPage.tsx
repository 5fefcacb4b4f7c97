import { Skeleton, Stack } from '@chakra-ui/react';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import { useAccount, useClosures } from '../api/school-calendar.ts';
import { AccountCard } from '../components/AccountCard.tsx';
import { ClosuresCard } from '../components/ClosuresCard.tsx';

const TITLE = 'School Calendar';

/** /school-calendar: the account's name and time zone, and the closures (users who manage users). */
export default function SchoolCalendarPage() {
  const canManage = usePermission('canManageUsers');
  if (!canManage) {
    return <NoPermission title={TITLE} message="You do not have permission to manage the school calendar." hint="Ask your account owner to change the time zone or the closures." />;
  }
  return <SchoolCalendar />;
}

function SchoolCalendar() {
  const account = useAccount();
  const closures = useClosures(true);
  return (
    <>
      <PageHeading title={TITLE} subtitle="The account's time zone and the days the school is closed" />
      <Stack gap="6">
        <QueryState query={account} loading="Loading the account" placeholder={<Skeleton height="48" />} error="Could not load the account." retry>
          {(data) => <AccountCard account={data} />}
        </QueryState>
        <QueryState query={closures} loading="Loading the closures" placeholder={<Skeleton height="48" />} error="Could not load the closures." retry>
          {(data) => <ClosuresCard closures={data.closures} />}
        </QueryState>
      </Stack>
    </>
  );
}

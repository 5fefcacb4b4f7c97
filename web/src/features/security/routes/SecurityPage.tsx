import { Stack } from '@chakra-ui/react';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { hasPermission } from '../../../lib/permissions.ts';
import { AccountExportCard } from '../../account-export/index.ts';
import { AccountImportCard } from '../../account-import/index.ts';
import { useAccount } from '../api/account-lifecycle.ts';
import { LeavingCaseloadCard } from '../components/LeavingCaseloadCard.tsx';
import { RetentionCard } from '../components/RetentionCard.tsx';
import { TrustedDevicesCard } from '../components/TrustedDevicesCard.tsx';
import { TwoFactorCard } from '../components/TwoFactorCard.tsx';
import { WeeklyDigestCard } from '../components/WeeklyDigestCard.tsx';

export default function SecurityPage() {
  // The shell renders this page only with a signed-in user.
  const user = useCurrentUser().data;
  const twoFactorEnabled = user?.twoFactorEnabled ?? false;
  const isOwner = user?.userType === 'owner';
  const managesAccount = hasPermission(user, 'canManageUsers');
  const account = useAccount().data;

  return (
    <>
      <PageHeading title="Security Settings" subtitle="Protect your account and your clients' records." />
      <Stack gap="6" maxW="2xl">
        <TwoFactorCard enabled={twoFactorEnabled} />
        {twoFactorEnabled && <TrustedDevicesCard />}
        <WeeklyDigestCard />
        <AccountExportCard />
        <AccountImportCard />
        {/* Keyed by the saved value, so a save elsewhere (another tab's answer) restarts the field from it. */}
        {managesAccount && account && <RetentionCard key={account.retentionYears} account={account} />}
        {isOwner && account && <LeavingCaseloadCard account={account} />}
      </Stack>
    </>
  );
}

import { Stack } from '@chakra-ui/react';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { AccountExportCard } from '../../account-export/index.ts';
import { TrustedDevicesCard } from '../components/TrustedDevicesCard.tsx';
import { TwoFactorCard } from '../components/TwoFactorCard.tsx';

export default function SecurityPage() {
  // The shell renders this page only with a signed-in user.
  const twoFactorEnabled = useCurrentUser().data?.twoFactorEnabled ?? false;

  return (
    <>
      <PageHeading title="Security Settings" subtitle="Protect your account and your clients' records." />
      <Stack gap="6" maxW="2xl">
        <TwoFactorCard enabled={twoFactorEnabled} />
        {twoFactorEnabled && <TrustedDevicesCard />}
        <AccountExportCard />
      </Stack>
    </>
  );
}

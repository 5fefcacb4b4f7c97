import { Alert, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { ssoTestOutcomes, type SsoTestOutcome } from '@caseload/contract/sso';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSsoSettings } from '../api/sso.ts';
import { SsoSettingsForm } from '../components/SsoSettingsForm.tsx';

const TITLE = 'Single sign-on';

/** What the owner's "Test sign-in" found, in words (the callback comes back with `?test=`). */
export const testOutcomeText: Record<SsoTestOutcome, string> = {
  ok: 'Test sign-in worked: the provider signed you in and your e-mail belongs to an active user of this account.',
  discovery: "Caseload could not reach the provider's discovery document (<issuer>/.well-known/openid-configuration). Check the issuer.",
  secret: 'The provider refused the client ID or client secret. Enter the client secret again and save.',
  redirect: 'The provider does not accept the redirect URI. Register the redirect URI shown below at the provider.',
  unverified: 'The provider did not confirm that the e-mail address is verified, so Caseload cannot sign anyone in with it.',
  no_user: 'The provider signed you in, but no active user of this account has that e-mail address.',
  failed: 'The test sign-in could not be completed. Check the issuer, client ID and secret, then try again.',
};

function TestOutcome({ outcome }: { outcome: SsoTestOutcome }) {
  return (
    <Alert.Root status={outcome === 'ok' ? 'success' : 'error'} role={outcome === 'ok' ? 'status' : 'alert'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{outcome === 'ok' ? 'Test sign-in succeeded' : 'Test sign-in failed'}</Alert.Title>
        <Alert.Description>
          {testOutcomeText[outcome]}
          {outcome !== 'ok' && ' If the provider showed its own error about the redirect URI instead of coming back, register the redirect URI below.'}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function OwnerSsoPage() {
  const settings = useSsoSettings();
  const [params] = useSearchParams();
  const test = params.get('test');
  const outcome = (ssoTestOutcomes as readonly string[]).includes(test ?? '') ? (test as SsoTestOutcome) : undefined;
  return (
    <>
      <PageHeading title={TITLE} subtitle="Staff sign in with the district's own accounts: disabling one there locks them out here too." />
      <Stack gap="6" maxW="2xl">
        {outcome && <TestOutcome outcome={outcome} />}
        <QueryState query={settings} loading="Loading the single sign-on settings…" error="The single sign-on settings could not be loaded." retry>
          {(data) => <SsoSettingsForm settings={data} />}
        </QueryState>
      </Stack>
    </>
  );
}

export default function SsoPage() {
  const user = useCurrentUser().data;
  if (user?.userType !== 'owner') {
    return <NoPermission title={TITLE} message="Only the account's owner manages single sign-on." hint="Ask your account's owner to change how your district signs in." />;
  }
  return <OwnerSsoPage />;
}

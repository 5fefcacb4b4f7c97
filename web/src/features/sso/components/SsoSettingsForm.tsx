import { Box, Button, Code, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { ssoSettingsBody, type PasswordSignIn, type SsoSettings } from '@caseload/contract/sso';
import { SelectField } from '../../../components/SelectField.tsx';
import { SaveRow, SettingsCard } from '../../../components/SettingsCard.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { serverFieldErrors } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { useSaveSsoSettings } from '../api/sso.ts';

const passwordChoices = [
  { value: 'everyone', label: 'Everyone may also sign in with a password' },
  { value: 'owner_only', label: 'Only the owner signs in with a password (everyone else uses single sign-on)' },
] as const;

/** Domains as typed: separated by commas, spaces or new lines. */
const splitDomains = (text: string) => text.split(/[\s,;]+/).map((d) => d.trim()).filter(Boolean);

/**
 * The district's OpenID Connect client. The secret is write-only: the page shows whether one is
 * stored, and a blank field keeps it. What was typed stays when a save fails, so Save retries it.
 */
export function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const [issuer, setIssuer] = useState(settings.issuer);
  const [clientId, setClientId] = useState(settings.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(settings.emailDomains.join(', '));
  const [passwordSignIn, setPasswordSignIn] = useState<PasswordSignIn>(settings.passwordSignIn);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveSsoSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const result = ssoSettingsBody.safeParse({
      issuer,
      clientId,
      ...(clientSecret ? { clientSecret } : {}),
      emailDomains: splitDomains(domains),
      passwordSignIn,
    });
    if (!result.success) return setErrors(zodFieldErrors(result.error));
    setErrors({});
    save.mutate(result.data, {
      onSuccess: () => {
        setClientSecret('');
        setSaved(true);
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <SettingsCard
      headingId="sso-provider-heading"
      title="Identity provider"
      description={
        <>
          Google Workspace, Microsoft Entra ID, ClassLink or any OpenID Connect provider. Register Caseload there as a web application with the scopes{' '}
          <Code>openid email profile</Code> and this redirect URI:
        </>
      }
      headerExtra={
        <Box mt="2">
          <Text fontSize="sm" fontWeight="medium" id="redirect-uri-label">
            Redirect URI to register
          </Text>
          <Code aria-labelledby="redirect-uri-label" data-testid="redirect-uri" wordBreak="break-all" whiteSpace="normal" fontSize="sm" p="2" display="block">
            {settings.redirectUri}
          </Code>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Single sign-on settings">
        <Stack gap="4" maxW="lg">
          <TextField
            label="Issuer"
            value={issuer}
            onChange={setIssuer}
            error={errors.issuer}
            required
            inputMode="url"
            placeholder="https://accounts.google.com"
            helperText="Microsoft Entra: your tenant's issuer, https://login.microsoftonline.com/<tenant id>/v2.0 (not the shared “common” one)."
          />
          <TextField label="Client ID" value={clientId} onChange={setClientId} error={errors.clientId} required autoComplete="off" />
          <TextField
            label="Client secret"
            type="password"
            value={clientSecret}
            onChange={setClientSecret}
            error={errors.clientSecret}
            autoComplete="new-password"
            helperText={settings.hasClientSecret ? 'A secret is stored. Leave this blank to keep it.' : 'No secret is stored yet.'}
          />
          <TextField
            label="E-mail domains"
            value={domains}
            onChange={setDomains}
            error={errors.emailDomains ?? Object.entries(errors).find(([path]) => path.startsWith('emailDomains.'))?.[1]}
            required
            placeholder="district.org, staff.district.org"
            helperText="1 to 10 domains, separated by commas. Staff whose e-mail ends in one of them are sent to your provider."
          />
          <SelectField
            label="Password sign-in"
            value={passwordSignIn}
            onChange={(value) => setPasswordSignIn(value as PasswordSignIn)}
            options={passwordChoices}
            error={errors.passwordSignIn}
          />
          <SaveRow
            save={save}
            failedTitle="The settings could not be saved."
            saveLabel="Save settings"
            savedStatus={saved && 'Settings saved'}
            after={
              settings.configured && (
                <Button asChild variant="outline">
                  {/* A full page visit: the test runs the real redirect flow at the provider and comes back here. */}
                  <Link href="/api/sso/start?test=1" textDecoration="none">
                    Test sign-in
                  </Link>
                </Button>
              )
            }
          />
        </Stack>
      </form>
    </SettingsCard>
  );
}

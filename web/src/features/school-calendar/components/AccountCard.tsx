import { Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { accountBody, type Account } from '@caseload/contract/school-year';
import { TextField } from '../../../components/TextField.tsx';
import { SaveRow, SettingsCard } from '../../../components/SettingsCard.tsx';
import { serverFieldErrors } from '../../../lib/api.ts';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form.ts';
import { useUpdateAccount } from '../api/school-calendar.ts';
import { TimeZoneField } from './TimeZoneField.tsx';

/** The account's name, time zone and automatic sign-out. What was typed stays when a save fails, so pressing Save again retries it. */
export function AccountCard({ account }: { account: Account }) {
  const [name, setName] = useState(account.name);
  const [timeZone, setTimeZone] = useState(account.timeZone);
  const [idleMinutes, setIdleMinutes] = useState(String(account.idleMinutes));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    // Blank or not a number: left to the contract's range message.
    const result = accountBody.safeParse({ name, timeZone, idleMinutes: idleMinutes.trim() === '' ? Number.NaN : Number(idleMinutes) });
    if (!result.success) return setErrors(zodFieldErrors(result.error));
    setErrors({});
    update.mutate(result.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <SettingsCard headingId="account-heading" title="Account" description="The name your team sees, the time zone the school calendar runs in, and when an unused device signs itself out.">
      <form onSubmit={submit} noValidate aria-label="Account">
        <Stack gap="4" maxW="lg">
          <TextField label="Account name" value={name} onChange={setName} error={errors.name} required maxLength={255} />
          <TimeZoneField value={timeZone} onChange={setTimeZone} error={errors.timeZone} />
          <TextField
            label="Automatic sign-out (minutes without use)"
            value={idleMinutes}
            onChange={setIdleMinutes}
            error={errors.idleMinutes}
            helperText="Between 5 and 60 minutes. Everyone is warned 2 minutes before."
            inputMode="numeric"
            required
            maxW="40"
          />
          <SaveRow save={update} failedTitle="The account could not be saved." saveLabel="Save account" savedStatus={saved && 'Account saved'} />
        </Stack>
      </form>
    </SettingsCard>
  );
}

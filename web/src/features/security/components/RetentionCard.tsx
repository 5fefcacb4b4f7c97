import { Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { RETENTION_YEARS_RANGE, retentionYears as retentionYearsSchema } from '@caseload/contract/account-lifecycle';
import type { Account } from '@caseload/contract/school-year';
import { TextField } from '../../../components/TextField.tsx';
import { SaveRow, SettingsCard } from '../../../components/SettingsCard.tsx';
import { serverFieldErrors } from '../../../lib/api.ts';
import { useSaveRetention } from '../api/account-lifecycle.ts';

/** How long the signed documentation of archived students is kept (part 4 §5). What was typed stays when a save fails. */
export function RetentionCard({ account }: { account: Account }) {
  const [years, setYears] = useState(String(account.retentionYears));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const save = useSaveRetention();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = retentionYearsSchema.safeParse(years.trim() === '' ? Number.NaN : Number(years));
    if (!parsed.success) return setError(RETENTION_YEARS_RANGE);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (e) => setError(serverFieldErrors(e).retentionYears),
    });
  };

  return (
    <SettingsCard
      headingId="retention-heading"
      title="Record retention"
      description="Signed notes, their signatures and addenda, and the service log of an archived student are kept this many years after the student's last service, then deleted."
    >
      <form onSubmit={submit} noValidate aria-label="Record retention">
        <Stack gap="4" maxW="lg">
          <TextField label="Years to keep records" value={years} onChange={setYears} error={error} helperText="Between 5 and 10 years." inputMode="numeric" type="number" min={5} max={10} required maxW="40" />
          <SaveRow save={save} failedTitle="The setting could not be saved." errorShownInField={!!error} saveLabel="Save retention" savedStatus={saved && 'Retention saved'} />
        </Stack>
      </form>
    </SettingsCard>
  );
}

import { Checkbox, Skeleton } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { QueryState } from '../../../components/QueryState.tsx';
import { SettingsCard } from '../../../components/SettingsCard.tsx';
import { notify } from '../../../lib/toaster.ts';
import { useSaveUserPreferences, useUserPreferences } from '../api/preferences.ts';

/** The weekly digest's opt-in (part 4 §8): the box shows the saved choice, and changes once the server has it. */
export function WeeklyDigestCard() {
  const preferences = useUserPreferences();
  const save = useSaveUserPreferences();
  // A refused save puts the box back by mounting it afresh (its hidden input keeps the click's state otherwise), focus kept.
  const [refusals, setRefusals] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refusals > 0) input.current?.focus();
  }, [refusals]);

  return (
    <SettingsCard headingId="weekly-digest-heading" title="Weekly digest" description="An e-mail on Mondays at 6:00 with how many reminders you have and links to them. It never names a student.">
      <QueryState query={preferences} loading="Loading your e-mail settings" placeholder={<Skeleton height="6" />} error="Could not load your e-mail settings." retry>
        {(prefs) => (
          <Checkbox.Root
            key={refusals}
            checked={save.isPending ? save.variables.weeklyDigest : prefs.weeklyDigest}
            disabled={save.isPending}
            minH="6"
            onCheckedChange={(d) =>
              save.mutate(
                { weeklyDigest: d.checked === true },
                {
                  onSuccess: (saved) => notify.success({ title: saved.weeklyDigest ? 'Weekly digest turned on.' : 'Weekly digest turned off.' }),
                  onError: () => {
                    setRefusals((n) => n + 1);
                    notify.error({ title: 'Could not save your choice. Check your connection and try again.' });
                  },
                },
              )
            }
          >
            <Checkbox.HiddenInput ref={input} />
            <Checkbox.Control />
            <Checkbox.Label>E-mail me a weekly digest</Checkbox.Label>
          </Checkbox.Root>
        )}
      </QueryState>
    </SettingsCard>
  );
}

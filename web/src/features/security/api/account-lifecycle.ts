/** Leaving Caseload and retention (part 4 §5): the account read every user shares, and the owner's changes to it. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Account } from '@caseload/contract/school-year';
import { api } from '../../../lib/api.ts';
import { accountQuery } from '../../../lib/account-time-zone.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Every answer below is the account as it now is: the banner, the cards and the calendar read it at once. */
const storeAccount = (account: Account) => queryClient.setQueryData(accountQuery.queryKey, account);

export function useAccount() {
  return useQuery(accountQuery);
}

export function useRequestDeletion() {
  return useMutation({ mutationFn: (confirmName: string) => api('requestAccountDeletion', { body: { confirmName } }), onSuccess: storeAccount });
}

export function useCancelDeletion() {
  return useMutation({ mutationFn: () => api('cancelAccountDeletion'), onSuccess: storeAccount });
}

export function useSaveRetention() {
  return useMutation({ mutationFn: (retentionYears: number) => api('updateAccount', { body: { retentionYears } }), onSuccess: storeAccount });
}

/** A `YYYY-MM-DD` day as the reader's language writes it ("March 5, 2027"): a calendar day, so no zone shifts it. */
export const formatDay = (day: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

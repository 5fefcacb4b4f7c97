import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { GoalTemplateInput } from '@caseload/contract/goal-bank';
import type { GoalType } from '@caseload/contract/enums';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

export interface BankFilter {
  type?: GoalType;
  search?: string;
}

/** The bank filtered on the server; the last answer stays on screen while the next filter loads. */
export function useGoalBank(filter: BankFilter, enabled = true) {
  return useQuery({ ...apiQuery('listGoalBank', { query: filter }), enabled, placeholderData: keepPreviousData });
}

const refreshBank = () => queryClient.invalidateQueries({ queryKey: queryKeyFor('listGoalBank') });

export function useCreateGoalTemplate() {
  return useMutation({ mutationFn: (body: GoalTemplateInput) => api('createGoalTemplate', { body }), onSuccess: refreshBank });
}

export function useDeleteGoalTemplate() {
  return useMutation({ mutationFn: (id: string) => api('deleteGoalTemplate', { params: { id } }), onSuccess: refreshBank });
}

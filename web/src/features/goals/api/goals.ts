import { useMutation, useQuery, type Query } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { GoalStatus } from '@caseload/contract/enums';
import type { createGoalBody, goalFields } from '@caseload/contract/sessions';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const goalsQuery = (clientId: string) => apiQuery('listGoals', { query: { clientId } });

/** A client's goals; `enabled` false waits (the Reports figures read them only once they show). */
export function useClientGoals(clientId: string, enabled = true) {
  return useQuery({ ...goalsQuery(clientId), enabled });
}

/** Accuracy data points of one client (GET /api/progress?clientId=…), for the goal charts. */
export function useClientProgress(clientId: string, enabled: boolean) {
  return useQuery({ ...apiQuery('listProgress', { query: { clientId } }), enabled, retry: false });
}

const isSessionGoals = (query: Query) => query.queryKey[0] === '/api/sessions' && query.queryKey[2] === 'client-goals';

/** Goals show on the client's tab and on every session page of that client. */
function refreshGoals() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeyFor('listGoals') }),
    queryClient.invalidateQueries({ predicate: isSessionGoals }),
  ]);
}

export type CreateGoalInput = z.input<typeof createGoalBody>;
export type GoalFieldsInput = z.input<typeof goalFields>;

export function useCreateGoal() {
  return useMutation({
    mutationFn: (body: CreateGoalInput) => api('createGoal', { body }),
    onSuccess: refreshGoals,
  });
}

export function useUpdateGoal() {
  return useMutation({
    mutationFn: ({ goalId, body }: { goalId: string; body: GoalFieldsInput }) => api('updateGoal', { params: { goalId }, body }),
    onSuccess: refreshGoals,
  });
}

/** The Mark Mastered / Reactivate toggle: PUT with only {status}. */
export function useSetGoalStatus() {
  return useMutation({
    mutationFn: ({ goalId, status }: { goalId: string; status: GoalStatus }) => api('updateGoal', { params: { goalId }, body: { status } }),
    onSuccess: refreshGoals,
  });
}

export function useDeleteGoal() {
  return useMutation({
    mutationFn: (goalId: string) => api('deleteGoal', { params: { goalId } }),
    onSuccess: refreshGoals,
  });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { createUserBody, ManagedUser, PermissionsInput } from '@caseload/contract/caseload';
import type * as z from 'zod/mini';
import { api, apiQuery, queryKeyFor } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const usersQuery = apiQuery('listUsers');

/** Read only by users who manage users (the server answers 403 to anyone else). */
export function useUsers(enabled: boolean) {
  return useQuery({ ...usersQuery, enabled });
}

/** Puts the server's answer into the list at once, then refetches. */
function storeUser(user: ManagedUser) {
  queryClient.setQueryData<ManagedUser[]>(usersQuery.queryKey, (users) => {
    if (!users) return users;
    return users.some((u) => u.id === user.id) ? users.map((u) => (u.id === user.id ? user : u)) : [...users, user];
  });
  void queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeyFor('listActivities') });
}

export function useCreateUser() {
  return useMutation({
    mutationFn: (body: z.input<typeof createUserBody>) => api('createUser', { body }),
    onSuccess: storeUser,
  });
}

export function useUpdateUserStatus() {
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => api('updateUserStatus', { params: { id }, body: { isActive } }),
    onSuccess: storeUser,
  });
}

export function useUpdateUserPermissions() {
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: PermissionsInput }) => api('updateUserPermissions', { params: { userId }, body }),
    onSuccess: storeUser,
  });
}

/** An assistant's supervising SLPs (PUT /api/users/{userId}/supervisors). */
export function useUpdateUserSupervisors() {
  return useMutation({
    mutationFn: ({ userId, supervisorIds }: { userId: string; supervisorIds: string[] }) => api('updateUserSupervisors', { params: { userId }, body: { supervisorIds } }),
    onSuccess: storeUser,
  });
}

/** The first password of a user imported with the district, which activates the user (PUT /api/users/{id}/password). */
export function useSetUserPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) => api('setUserPassword', { params: { id }, body: { password } }),
    onSuccess: storeUser,
  });
}

import { Button, Card, EmptyState, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { ManagedUser } from '@caseload/contract/caseload';
import { PlusIcon, UserCogIcon } from '../../../components/icons.tsx';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { PageHeading } from '../../../components/PageHeading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { clinicianName, useClinicians } from '../../../lib/clinicians.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { notify } from '../../../lib/toaster.ts';
import { useOrganizations } from '../../organizations/index.ts';
import { useUpdateUserStatus, useUsers } from '../api/users.ts';
import { AddUserDialog } from '../components/AddUserDialog.tsx';
import { EditPermissionsDialog } from '../components/EditPermissionsDialog.tsx';
import { SetPasswordDialog } from '../components/SetPasswordDialog.tsx';
import { SupervisorsDialog } from '../components/SupervisorsDialog.tsx';
import { UserCard } from '../components/UserCard.tsx';

const TITLE = 'User Management';
const SUBTITLE = 'Team members who work in your account, and what each may do';

export default function UsersPage() {
  const canManage = usePermission('canManageUsers');
  if (!canManage) {
    return <NoPermission title={TITLE} message="You don't have permission to manage users." hint="Ask your account owner if you need to add team members or change their access." />;
  }
  return <ManageUsers />;
}

function ManageUsers() {
  const users = useUsers(true);
  const organizations = useOrganizations().data ?? [];
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [supervising, setSupervising] = useState<ManagedUser | null>(null);
  const [settingPassword, setSettingPassword] = useState<ManagedUser | null>(null);
  const status = useUpdateUserStatus();
  // The account's active users (the owner too): the SLPs among them may supervise assistants.
  const clinicians = useClinicians().data;
  const slps = useMemo(() => clinicians?.filter((c) => c.role === 'slp') ?? [], [clinicians]);
  const names = useMemo(() => clinicians && new Map(clinicians.map((c) => [c.id, clinicianName(c)])), [clinicians]);

  // The API lists child users only; the filter keeps the spec's rule should that change.
  const children = users.data?.filter((u) => u.userType === 'child') ?? [];
  const toggle = (user: ManagedUser) =>
    status.mutate(
      { id: user.id, isActive: !user.isActive },
      {
        onSuccess: (updated) =>
          notify.success({
            title: updated.isActive ? 'User activated' : 'User deactivated',
            description: `${updated.firstName} ${updated.lastName} ${updated.isActive ? 'can sign in again.' : 'has been signed out and can no longer sign in.'}`,
          }),
        onError: () => notify.error({ title: 'Failed to update user status' }),
      },
    );

  return (
    <>
      <PageHeading
        title={TITLE}
        subtitle={SUBTITLE}
        actions={
          <Button colorPalette="blue" onClick={() => setAdding(true)}>
            <PlusIcon size={16} />
            Add User
          </Button>
        }
      />
      <Card.Root as="section" aria-labelledby="child-users-heading">
        <Card.Header>
          <Heading as="h2" size="md" id="child-users-heading">
            Team members ({children.length})
          </Heading>
        </Card.Header>
        <Card.Body>
          <QueryState
            query={users}
            loading="Loading users"
            placeholder={
              <Stack gap="3">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} height="24" borderRadius="lg" />
                ))}
              </Stack>
            }
            error="Could not load your users."
            retry
            isEmpty={() => children.length === 0}
            empty={
              <EmptyState.Root>
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <UserCogIcon size={32} />
                  </EmptyState.Indicator>
                  <EmptyState.Title>No users yet</EmptyState.Title>
                  <EmptyState.Description>Add assistants and colleagues so they can work with your caseload.</EmptyState.Description>
                </EmptyState.Content>
              </EmptyState.Root>
            }
          >
            {() => (
              <Stack as="ul" gap="3" listStyleType="none">
                {children.map((user) => (
                  <UserCard
                    key={user.id}
                    user={user}
                    organizations={organizations}
                    onToggleActive={() => toggle(user)}
                    toggling={status.isPending && status.variables.id === user.id}
                    onEdit={() => setEditing(user)}
                    names={names}
                    onSetSupervisors={() => setSupervising(user)}
                    onSetPassword={() => setSettingPassword(user)}
                  />
                ))}
              </Stack>
            )}
          </QueryState>
        </Card.Body>
      </Card.Root>
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      {editing && <EditPermissionsDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      {settingPassword && <SetPasswordDialog key={settingPassword.id} user={settingPassword} onClose={() => setSettingPassword(null)} />}
      {supervising && <SupervisorsDialog key={supervising.id} assistant={supervising} slps={slps} onClose={() => setSupervising(null)} />}
    </>
  );
}

import { Badge, Grid, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import type { Organization } from '@caseload/contract/caseload';
import { organizationTypeLabels } from '@caseload/contract/enums';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { OrganizationStats } from './OrganizationStats.tsx';

interface OrganizationDetailsDialogProps {
  organization: Organization;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** View Details: everything stored about the organization, with its numbers. */
export function OrganizationDetailsDialog({ organization, open, onOpenChange }: OrganizationDetailsDialogProps) {
  const timeZone = useAccountTimeZone();
  const rows = [
    { label: 'Type', value: organizationTypeLabels[organization.type] },
    { label: 'Address', value: organization.address },
    { label: 'Phone', value: organization.phone },
    { label: 'Contact Person', value: organization.contactPerson },
    { label: 'Added', value: formatIn(organization.createdAt, 'MMM d, yyyy', timeZone) },
  ];
  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      scrollBehavior="outside"
      title={organization.name}
      titleAside={<Badge colorPalette="green">Active</Badge>}
    >
      <Stack gap="5">
        <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="2">
          {rows.map((row) => (
            <Fragment key={row.label}>
              <Text as="dt" color="fg.muted" fontSize="sm">
                {row.label}
              </Text>
              <Text as="dd">{row.value || '—'}</Text>
            </Fragment>
          ))}
        </Grid>
        <OrganizationStats stats={organization.stats} />
      </Stack>
    </AppDialog>
  );
}

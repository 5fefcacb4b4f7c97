import { Badge, Dialog, Grid, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import type { Organization } from '@caseload/contract/caseload';
import { organizationTypeLabels } from '@caseload/contract/enums';
import { CloseIcon } from '../../../components/icons.tsx';
import { OrganizationStats } from './OrganizationStats.tsx';

interface OrganizationDetailsDialogProps {
  organization: Organization;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** View Details: everything stored about the organization, with its numbers. */
export function OrganizationDetailsDialog({ organization, open, onOpenChange }: OrganizationDetailsDialogProps) {
  const rows = [
    { label: 'Type', value: organizationTypeLabels[organization.type] },
    { label: 'Address', value: organization.address },
    { label: 'Phone', value: organization.phone },
    { label: 'Contact Person', value: organization.contactPerson },
    { label: 'Added', value: new Date(organization.createdAt).toLocaleDateString() },
  ];
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <HStack gap="2" wrap="wrap">
                <Dialog.Title>{organization.name}</Dialog.Title>
                <Badge colorPalette="green">Active</Badge>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <IconButton aria-label="Close" variant="ghost" size="sm">
                <CloseIcon />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

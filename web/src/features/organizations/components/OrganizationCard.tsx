import { Badge, Button, Card, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Organization } from '@caseload/contract/caseload';
import { organizationTypeLabels } from '@caseload/contract/enums';
import { ArchiveIcon, EditIcon, MapPinIcon, PhoneIcon, UserIcon } from '../../../components/icons.tsx';
import { OrganizationStats } from './OrganizationStats.tsx';

interface OrganizationCardProps {
  organization: Organization;
  onView: () => void;
  /** Present only for users who manage organizations. */
  onEdit?: () => void;
  onArchive?: () => void;
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children?: string }) {
  if (!children) return null;
  return (
    <HStack gap="2" color="fg.muted" fontSize="sm" align="flex-start">
      <Flex pt="0.5" flexShrink="0">
        {icon}
      </Flex>
      <Text>
        <Text as="span" srOnly>
          {label}:{' '}
        </Text>
        {children}
      </Text>
    </HStack>
  );
}

export function OrganizationCard({ organization, onView, onEdit, onArchive }: OrganizationCardProps) {
  const { name } = organization;
  return (
    <Card.Root as="article" aria-label={name} data-testid="organization-card">
      <Card.Header pb="2">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Stack gap="0" minW="0">
            <Heading as="h2" size="md" truncate>
              {name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {organizationTypeLabels[organization.type]}
            </Text>
          </Stack>
          <Badge colorPalette="green">Active</Badge>
        </Flex>
      </Card.Header>
      <Card.Body gap="3" pt="2">
        <Stack gap="1">
          <Detail icon={<MapPinIcon size={14} />} label="Address">
            {organization.address}
          </Detail>
          <Detail icon={<PhoneIcon size={14} />} label="Phone">
            {organization.phone}
          </Detail>
          <Detail icon={<UserIcon size={14} />} label="Contact person">
            {organization.contactPerson}
          </Detail>
        </Stack>
        <OrganizationStats stats={organization.stats} />
      </Card.Body>
      <Card.Footer gap="2">
        <Button variant="outline" size="sm" flex="1" onClick={onView} aria-label={`View Details for ${name}`}>
          View Details
        </Button>
        {onEdit && (
          <IconButton aria-label={`Edit ${name}`} variant="outline" size="sm" onClick={onEdit}>
            <EditIcon size={16} />
          </IconButton>
        )}
        {onArchive && (
          <IconButton aria-label={`Archive ${name}`} variant="outline" size="sm" colorPalette="red" onClick={onArchive}>
            <ArchiveIcon size={16} />
          </IconButton>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

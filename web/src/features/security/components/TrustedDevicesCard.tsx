import { Box, Card, Flex, Heading, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { TrustedDevice } from '@caseload/contract/auth';
import { MonitorIcon, TrashIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { notify } from '../../../lib/toaster.ts';
import { useRemoveTrustedDevice, useTrustedDevices } from '../api/security.ts';

export function TrustedDevicesCard() {
  const devices = useTrustedDevices();

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Trusted Devices
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Devices you chose to remember skip the code at sign-in for 2 weeks.
        </Text>
      </Card.Header>
      <Card.Body>
        <QueryState
          query={devices}
          loading="Loading trusted devices"
          placeholder={<Skeleton height="16" />}
          error="Could not load your trusted devices."
          isEmpty={(list) => list.length === 0}
          empty="No trusted devices found."
        >
          {(list) => (
            <Stack as="ul" gap="3" listStyleType="none">
              {list.map((device) => (
                <DeviceRow key={device.id} device={device} />
              ))}
            </Stack>
          )}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

/** A remembered device; its dates are the account's zone's, like every date on screen. */
function DeviceRow({ device }: { device: TrustedDevice }) {
  const timeZone = useAccountTimeZone();
  const remove = useRemoveTrustedDevice();
  const removeDevice = () =>
    remove.mutate(device.id, {
      onSuccess: () => notify.success({ title: 'Trusted device removed successfully.' }),
      onError: () => notify.error({ title: 'Failed to remove trusted device.' }),
    });

  return (
    <Flex as="li" borderWidth="1px" borderRadius="md" p="3" gap="3" align="center">
      <Box color="fg.muted">
        <MonitorIcon />
      </Box>
      <Box flex="1" minW="0">
        <Text fontWeight="medium">{device.deviceName}</Text>
        <Text fontSize="sm" color="fg.muted">
          IP address: {device.ipAddress}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Last used: {formatIn(device.lastUsedAt, 'MMM d, yyyy', timeZone)} · Expires: {formatIn(device.expiresAt, 'MMM d, yyyy', timeZone)}
        </Text>
      </Box>
      <IconButton
        aria-label={`Remove ${device.deviceName}`}
        variant="ghost"
        colorPalette="red"
        onClick={removeDevice}
        loading={remove.isPending}
      >
        <TrashIcon />
      </IconButton>
    </Flex>
  );
}

import { Badge, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { DisableTwoFactor } from './DisableTwoFactor.tsx';
import { EnableTwoFactor } from './EnableTwoFactor.tsx';

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  return (
    <Card.Root>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="4">
          <Heading as="h2" size="lg">
            Two-Factor Authentication
          </Heading>
          <Badge colorPalette={enabled ? 'green' : 'gray'}>{enabled ? 'On' : 'Off'}</Badge>
        </Flex>
        <Text color="fg.muted" fontSize="sm">
          A code from an authenticator app is asked for at sign-in, in addition to your password.
        </Text>
      </Card.Header>
      <Card.Body>{enabled ? <DisableTwoFactor /> : <EnableTwoFactor />}</Card.Body>
    </Card.Root>
  );
}

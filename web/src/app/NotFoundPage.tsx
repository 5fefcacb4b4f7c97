import { Card, Center, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Center as="main" minH="100vh" bg="gray.50" p="4">
      <Card.Root maxW="md" w="full">
        <Card.Body>
          <Stack gap="3">
            <Heading as="h1" size="xl">
              404 Page Not Found
            </Heading>
            <Text color="fg.muted">Did you forget to add the page to the router?</Text>
            <Link asChild color="blue.600">
              <RouterLink to="/">Go to the dashboard</RouterLink>
            </Link>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

import { Box, Card, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { ShieldIcon } from '../../../components/icons.tsx';
import { SignInForm } from '../components/SignInForm.tsx';
import { SignUpForm } from '../components/SignUpForm.tsx';

export default function AuthPage() {
  return (
    <Box as="main" minH="100vh" bg="gray.50" py={{ base: '8', md: '16' }}>
      <Container maxW="md">
        <Stack gap="6">
          <Stack gap="2" textAlign="center" align="center">
            <Box color="blue.600">
              <ShieldIcon size={40} />
            </Box>
            <Heading as="h1" size="2xl">
              Caseload
            </Heading>
            <Text color="fg.muted">Practice management for speech-language pathologists.</Text>
            <Text color="fg.muted" fontSize="sm">
              HIPAA-compliant and built to hold minimal personal data: for each client only a first name and last initial are
              stored.
            </Text>
          </Stack>
          <Card.Root>
            <Card.Body>
              <Tabs.Root defaultValue="sign-in" variant="enclosed" fitted lazyMount>
                <Tabs.List mb="6">
                  <Tabs.Trigger value="sign-in">Sign In</Tabs.Trigger>
                  <Tabs.Trigger value="sign-up">Sign Up</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="sign-in">
                  <SignInForm />
                </Tabs.Content>
                <Tabs.Content value="sign-up">
                  <SignUpForm />
                </Tabs.Content>
              </Tabs.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Container>
    </Box>
  );
}

import { Alert } from '@chakra-ui/react';
import { PageHeading } from './PageHeading.tsx';

interface NoPermissionProps {
  /** The page's own title, so the user still sees where they are. */
  title: string;
  message: string;
  hint: string;
}

/**
 * A page the user may not use: the API refuses its calls anyway, so say so instead of showing an
 * empty or failing page.
 */
export function NoPermission({ title, message, hint }: NoPermissionProps) {
  return (
    <>
      <PageHeading title={title} />
      <Alert.Root status="warning" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
          <Alert.Description>{hint}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </>
  );
}

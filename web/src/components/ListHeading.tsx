import { Flex, Heading, Spinner, Text } from '@chakra-ui/react';

interface ListHeadingProps {
  /** The heading's id: the list's card is labelled by it. */
  id: string;
  title: string;
  /** A refetch is running (the list on screen may change). */
  updating: boolean;
  /** What the list holds ("12 students"), announced politely; absent while it is not known. */
  count?: string;
  countTestId?: string;
}

/** A list card's heading: its title, a spinner while it refreshes, and how many it shows. */
export function ListHeading({ id, title, updating, count, countTestId }: ListHeadingProps) {
  return (
    <Flex justify="space-between" align="center" gap="2" wrap="wrap">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      <Flex align="center" gap="2">
        {updating && <Spinner size="sm" color="blue.600" role="status" aria-label="Updating the list" />}
        {count !== undefined && (
          <Text color="fg.muted" fontSize="sm" aria-live="polite" data-testid={countTestId}>
            {count}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}

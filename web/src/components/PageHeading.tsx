import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: string;
  subtitle?: string;
  /** Buttons shown to the right of the title, e.g. 'Add Client'. */
  actions?: ReactNode;
}

/** The page's single h1, with an optional subtitle and actions. */
export function PageHeading({ title, subtitle, actions }: PageHeadingProps) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap" mb="6">
      <Box>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Box>
      {actions}
    </Flex>
  );
}

import { Box, Flex, Text } from '@chakra-ui/react';

interface MinutesBarProps {
  delivered: number;
  /** Null when no school year says what is required: only the delivered minutes are shown. */
  required: number | null;
  /** A longer bar for a card, a short one in a table row. */
  width?: string;
}

/**
 * Delivered against required as a bar with the numbers beside it: the text carries the meaning
 * (the bar is decorative), so screen readers and colour-blind users read "45 / 60 min".
 */
export function MinutesBar({ delivered, required, width = '24' }: MinutesBarProps) {
  if (required === null) {
    return (
      <Text fontSize="sm" whiteSpace="nowrap">
        {delivered} min delivered
      </Text>
    );
  }
  const share = required > 0 ? Math.min(delivered / required, 1) : delivered > 0 ? 1 : 0;
  const met = required === 0 || delivered >= required * 0.9;
  return (
    <Flex align="center" gap="2">
      <Box w={width} flexShrink={0} h="2" bg="gray.200" borderRadius="full" overflow="hidden" aria-hidden="true">
        <Box h="full" w={`${Math.round(share * 100)}%`} bg={met ? 'green.500' : 'orange.500'} borderRadius="full" />
      </Box>
      <Text fontSize="sm" whiteSpace="nowrap">
        {delivered} / {required} min
      </Text>
    </Flex>
  );
}

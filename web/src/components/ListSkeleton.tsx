import { Skeleton, Stack } from '@chakra-ui/react';

/** Four bars where a list's rows will be: the placeholder of a list that loads for the first time. */
export function ListSkeleton() {
  return (
    <Stack gap="3">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height="10" />
      ))}
    </Stack>
  );
}

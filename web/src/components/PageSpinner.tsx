import { Center, Spinner, type CenterProps } from '@chakra-ui/react';

/** The centred spinner shown while the session or a lazily loaded page is on its way. */
export function PageSpinner(props: CenterProps) {
  return (
    <Center minH="50vh" {...props}>
      <Spinner size="xl" color="blue.600" role="status" aria-label="Loading" />
    </Center>
  );
}

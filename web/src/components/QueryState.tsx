import { Box, Button, Flex, Text, type TextProps } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** What QueryState reads of a react-query result (a screen needing several queries can combine them into one). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The loading text: the accessible name of the loading state, shown as is when there is no placeholder. */
  loading: string;
  /** The shape shown while loading (skeletons of the content, a spinner); its container carries role="status". */
  placeholder?: ReactNode;
  /** The error text (shown with role="alert"), or a whole view of its own. */
  error: string | ReactElement;
  /** Offer a 'Try again' button that refetches. */
  retry?: boolean;
  /** Whether the loaded data counts as nothing to show; without it the data is always shown. */
  isEmpty?: (data: T) => boolean;
  /** The empty text (muted), or a whole empty state. */
  empty?: string | ReactElement;
  /** Font size of the loading, error and empty texts. */
  fontSize?: TextProps['fontSize'];
  children: (data: T) => ReactNode;
}

/**
 * The one loading / error / empty / data switch of the web. Data comes first: react-query keeps the last
 * data when a background refetch fails (status 'error'), and a screen that has data keeps showing it.
 */
export function QueryState<T>({ query, loading, placeholder, error, retry = false, isEmpty, empty, fontSize, children }: QueryStateProps<T>) {
  const { data } = query;
  if (data !== undefined) {
    if (!isEmpty?.(data)) return children(data);
    return typeof empty === 'string' ? (
      <Text color="fg.muted" fontSize={fontSize}>
        {empty}
      </Text>
    ) : (
      empty
    );
  }
  if (query.isError) {
    if (typeof error !== 'string') return error;
    return (
      <Flex role="alert" align="center" gap="3" wrap="wrap">
        <Text color="red.600" fontSize={fontSize}>
          {error}
        </Text>
        {retry && (
          <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </Flex>
    );
  }
  return (
    <Box role="status" aria-label={loading} aria-busy="true">
      {placeholder ?? (
        <Text color="fg.muted" fontSize={fontSize}>
          {loading}
        </Text>
      )}
    </Box>
  );
}

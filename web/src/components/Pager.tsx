import { Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';

/** Rows per page in long lists: a district's caseload runs to thousands of clients. */
export const PAGE_SIZE = 50;

export interface Page<T> {
  items: T[];
  /** Zero-based. */
  index: number;
  count: number;
  total: number;
  setIndex: (index: number) => void;
}

/**
 * One page of `items`. Rendering every row of a 2,000-client list took seconds; a page of 50 stays
 * instant. `resetKey` (e.g. the filters) sends the list back to its first page when it changes.
 */
export function usePage<T>(items: readonly T[], resetKey: unknown, size = PAGE_SIZE): Page<T> {
  const [state, setState] = useState({ index: 0, key: resetKey });
  // Reset during render rather than in an effect, so a filtered list never shows an empty page first.
  if (state.key !== resetKey) setState({ index: 0, key: resetKey });
  const count = Math.max(1, Math.ceil(items.length / size));
  const index = state.key === resetKey ? Math.min(state.index, count - 1) : 0;
  return {
    items: items.slice(index * size, (index + 1) * size),
    index,
    count,
    total: items.length,
    setIndex: (next) => setState({ index: next, key: resetKey }),
  };
}

/** 'Showing 51–100 of 2,000' with Previous and Next; nothing when everything fits on one page. */
export function Pager<T>({ page, label, size = PAGE_SIZE }: { page: Page<T>; label: string; size?: number }) {
  if (page.count <= 1) return null;
  const first = page.index * size + 1;
  return (
    <PagerBar
      label={label}
      first={first}
      last={first + page.items.length - 1}
      total={page.total}
      onPrevious={page.index > 0 ? () => page.setIndex(page.index - 1) : undefined}
      onNext={page.index < page.count - 1 ? () => page.setIndex(page.index + 1) : undefined}
    />
  );
}

interface PagerBarProps {
  label: string;
  /** One-based positions of the rows shown. */
  first: number;
  last: number;
  /** Absent while the server has not said (more pages may follow). */
  total?: number;
  /** Absent: the button is disabled. */
  onPrevious?: () => void;
  onNext?: () => void;
  /** The next page is on its way. */
  loadingNext?: boolean;
}

/** The pager's look for any source of pages: client-side slices (Pager) or pages from the server. */
export function PagerBar({ label, first, last, total, onPrevious, onNext, loadingNext = false }: PagerBarProps) {
  return (
    <Flex as="nav" aria-label={`${label} pages`} justify="space-between" align="center" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Showing {first.toLocaleString()}–{last.toLocaleString()}
        {total !== undefined && ` of ${total.toLocaleString()}`}
      </Text>
      <Flex gap="2">
        <Button size="sm" variant="outline" onClick={onPrevious} disabled={!onPrevious}>
          Previous page
        </Button>
        <Button size="sm" variant="outline" onClick={onNext} disabled={!onNext || loadingNext} loading={loadingNext}>
          Next page
        </Button>
      </Flex>
    </Flex>
  );
}

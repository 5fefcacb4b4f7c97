import { Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/debounce.ts';
import { useClientSearch } from '../../../lib/clients.ts';

/**
 * The session's client pick lists: the box keeps the text as typed (no keystroke waits on the
 * network), and the server's name search of active clients runs once typing pauses.
 */
export function useActiveClientSearch(limit: number, enabled = true) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const results = useClientSearch({ status: 'active', ...(term ? { search: term } : {}) }, limit, enabled);
  return { search, setSearch, term, results };
}

export function ClientSearchInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Input size="sm" type="search" placeholder="Search clients by name" aria-label="Search clients" value={value} onChange={(event) => onChange(event.target.value)} />
  );
}

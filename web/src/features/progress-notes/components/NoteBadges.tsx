import { Badge, HStack } from '@chakra-ui/react';
import type { ProgressNote } from '@caseload/contract/notes';
import { authorLabels, statusLabels, statusPalette } from '../lib/notes.ts';

export function AuthorBadge({ generatedBy }: Pick<ProgressNote, 'generatedBy'>) {
  return (
    <Badge variant="subtle" colorPalette={generatedBy === 'ai' ? 'purple' : 'gray'}>
      {authorLabels[generatedBy]}
    </Badge>
  );
}

export function NoteBadges({ note }: { note: Pick<ProgressNote, 'generatedBy' | 'status'> }) {
  return (
    <HStack gap="2" wrap="wrap">
      <AuthorBadge generatedBy={note.generatedBy} />
      <Badge variant="outline" colorPalette={statusPalette[note.status]}>
        {statusLabels[note.status]}
      </Badge>
    </HStack>
  );
}

import { Box, Button, Card, Flex, Heading, HStack, IconButton, Text } from '@chakra-ui/react';
import { EditIcon, EyeIcon, TrashIcon } from '../../../components/icons.tsx';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { formatPeriod, type ListedNote } from '../lib/notes.ts';
import { NoteBadges } from './NoteBadges.tsx';

/** The notes page shows the first 200 characters. */
export const LIST_PREVIEW_LENGTH = 200;

interface NoteCardProps {
  item: ListedNote;
  canEdit: boolean;
  canDelete: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function NoteCard({ item, canEdit, canDelete, onView, onEdit, onDelete }: NoteCardProps) {
  const { note, clientName, text } = item;
  const timeZone = useAccountTimeZone();
  const excerpt = text.length > LIST_PREVIEW_LENGTH ? `${text.slice(0, LIST_PREVIEW_LENGTH).trimEnd()}...` : text;
  return (
    <Card.Root as="li" size="sm">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0">
            <Heading as="h3" size="md">
              {clientName}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Reporting period: {formatPeriod(note.reportingPeriodStart, note.reportingPeriodEnd)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Created: {formatIn(note.createdAt, 'MMM d, yyyy', timeZone)}
            </Text>
          </Box>
          <HStack gap="2" align="center" wrap="wrap">
            <HStack gap="1">
              <NoteBadges note={note} />
            </HStack>
            {/* The note's actions stay on one line together, wherever the badges wrap. */}
            <HStack gap="1">
              <Button size="sm" variant="outline" onClick={onView}>
                <EyeIcon size={16} /> View Full Note
              </Button>
              {canEdit && note.status !== 'delivered' && (
                <IconButton size="sm" variant="ghost" aria-label={`Edit progress note for ${clientName}`} onClick={onEdit}>
                  <EditIcon size={16} />
                </IconButton>
              )}
              {canDelete && note.status !== 'delivered' && (
                <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Delete progress note for ${clientName}`} onClick={onDelete}>
                  <TrashIcon size={16} />
                </IconButton>
              )}
            </HStack>
          </HStack>
        </Flex>
        <Text fontSize="sm" color="fg.muted" data-testid="note-preview">
          {excerpt}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

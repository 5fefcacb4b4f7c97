import { Button, Card, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PendingNote } from '@caseload/contract/signatures';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePendingSignatures } from '../api/dashboard.ts';

type Pending = ReturnType<typeof usePendingSignatures>;

function NoteRow({ note }: { note: PendingNote }) {
  const timeZone = useAccountTimeZone();
  return (
    <Stack as="li" gap="0.5" borderWidth="1px" borderRadius="md" p="3" data-testid="pending-note">
      {/* The session page opens on this student's tab. */}
      <Link asChild fontWeight="medium" color="blue.700" overflowWrap="anywhere">
        <RouterLink to={`/sessions/${note.sessionId}?client=${note.clientId}`}>{note.student}</RouterLink>
      </Link>
      <Text fontSize="sm" color="fg.muted">
        <time dateTime={note.scheduledAt}>{formatIn(note.scheduledAt, 'EEE, MMM d, h:mm a', timeZone)}</time>
        {note.signedBy && ` · Signed by ${note.signedBy}`}
      </Text>
    </Stack>
  );
}

/** Notes a card shows before 'View all': an owner's list can run to hundreds. */
export const NOTES_SHOWN = 5;

function NoteList({ notes, label }: { notes: PendingNote[]; label: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? notes : notes.slice(0, NOTES_SHOWN);
  return (
    <Stack gap="3">
      <Stack as="ul" gap="3" listStyleType="none" aria-label={label}>
        {shown.map((note) => (
          <NoteRow key={`${note.sessionId}:${note.clientId}`} note={note} />
        ))}
      </Stack>
      {notes.length > NOTES_SHOWN && (
        <Button variant="outline" size="sm" alignSelf="flex-start" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `View all ${notes.length}`}
        </Button>
      )}
    </Stack>
  );
}

interface NotesCardProps {
  id: string;
  title: string;
  caption: string;
  pending: Pending;
  pick: (data: NonNullable<Pending['data']>) => PendingNote[];
  empty: string;
}

function NotesCard({ id, title, caption, pending, pick, empty }: NotesCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={id} height="full">
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {caption}
        </Text>
      </Card.Header>
      <Card.Body>
        <QueryState
          query={pending}
          loading={`Loading ${title.toLowerCase()}`}
          placeholder={
            <Stack gap="3">
              <Skeleton height="14" />
              <Skeleton height="14" />
            </Stack>
          }
          error="Could not load the notes awaiting signatures."
          retry
          fontSize="sm"
          isEmpty={(data) => pick(data).length === 0}
          empty={empty}
        >
          {(data) => <NoteList notes={pick(data)} label={title} />}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

/** The dashboard's signature work: notes awaiting the SLP's co-signature, and the user's own unsigned notes. */
export function PendingSignatures() {
  const user = useCurrentUser().data;
  const pending = usePendingSignatures();
  return (
    <>
      {user?.role === 'slp' && (
        <NotesCard
          id="awaiting-cosignature-heading"
          title="Awaiting your co-signature"
          caption="Notes signed by assistants"
          pending={pending}
          pick={(data) => data.awaitingMyCosignature}
          empty="No notes are awaiting your co-signature."
        />
      )}
      <NotesCard
        id="unsigned-notes-heading"
        title="Your unsigned notes"
        caption="Completed sessions more than two school days ago"
        pending={pending}
        pick={(data) => data.myUnsigned}
        empty="All your notes are signed."
      />
    </>
  );
}

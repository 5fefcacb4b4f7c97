import { Badge, Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Share } from '@caseload/contract/families';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares.ts';

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where a share stands, furthest step first. */
function shareState(share: Share): { label: string; detail: string; palette: string } {
  if (share.revoked) return { label: 'Revoked', detail: '', palette: 'red' };
  if (share.acknowledgedAt) return { label: 'Acknowledged', detail: `by ${share.acknowledgedBy ?? ''} on ${dateTime(share.acknowledgedAt)}`, palette: 'green' };
  if (Date.parse(share.expiresAt) <= Date.now()) return { label: 'Expired', detail: `on ${dateTime(share.expiresAt)}`, palette: 'gray' };
  if (share.viewedAt) return { label: 'Viewed', detail: `on ${dateTime(share.viewedAt)}`, palette: 'blue' };
  return { label: 'Shared', detail: `link works until ${dateTime(share.expiresAt)}`, palette: 'gray' };
}

/** A read-only value with a button that copies it. */
function CopyField({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success({ title: `${label} copied` });
    } catch {
      notify.error({ title: `Could not copy the ${label.toLowerCase()}`, description: 'Select it and copy it by hand.' });
    }
  };
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Flex gap="2" w="full">
        <Input value={value} readOnly onFocus={(e) => e.currentTarget.select()} fontFamily="mono" />
        <Button variant="outline" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
      </Flex>
    </Field.Root>
  );
}

/**
 * A delivered note's sharing with the family (part 4 §6): "Share with family" makes a link and a
 * code, shown once, to give the family separately; the list shows each share's progress and
 * revokes one.
 */
export function FamilySharesSection({ noteId }: { noteId: string }) {
  const shares = useShares(noteId);
  const create = useCreateShare(noteId);
  const revoke = useRevokeShare(noteId);
  const created = create.data;

  const share = () =>
    create.mutate(undefined, {
      onError: (error) => notify.error({ title: 'Could not share the report', description: errorMessage(error, 'Please try again.') }),
    });
  const revokeOne = (shareId: string) =>
    revoke.mutate(shareId, {
      onSuccess: () => notify.success({ title: 'Link revoked' }),
      onError: (error) => notify.error({ title: 'Could not revoke the link', description: errorMessage(error, 'Please try again.') }),
    });

  return (
    <Box as="section" aria-labelledby={`family-${noteId}`} borderTopWidth="1px" pt="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h3" size="sm" id={`family-${noteId}`}>
          Family
        </Heading>
        <Button size="sm" colorPalette="blue" onClick={share} loading={create.isPending}>
          Share with family
        </Button>
      </Flex>
      {created && (
        <Stack gap="3" p="3" borderWidth="1px" borderRadius="md" mb="3" data-testid="new-share">
          <Text fontSize="sm">
            Give the family the link and the code separately (for example the link by e-mail and the code by phone). The code is shown only now.
          </Text>
          <CopyField label="Link" value={created.url} />
          <CopyField label="Code" value={created.code} />
        </Stack>
      )}
      {shares.isError && <Text color="red.700">Could not load this note's shares.</Text>}
      {shares.data && shares.data.length === 0 && !created && (
        <Text fontSize="sm" color="fg.muted">
          Not shared with the family yet.
        </Text>
      )}
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Shares with the family">
        {shares.data?.map((s) => {
          const state = shareState(s);
          const open = !s.revoked && Date.parse(s.expiresAt) > Date.now();
          return (
            <Flex as="li" key={s.id} gap="2" align="center" wrap="wrap" justify="space-between" data-testid="share-row">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge colorPalette={state.palette} variant="subtle" data-testid="share-status">
                  {state.label}
                </Badge>
                <Text fontSize="sm" color="fg.muted">
                  {state.detail}
                </Text>
              </Flex>
              {open && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => revokeOne(s.id)} loading={revoke.isPending && revoke.variables === s.id}>
                  Revoke
                </Button>
              )}
            </Flex>
          );
        })}
      </Stack>
    </Box>
  );
}

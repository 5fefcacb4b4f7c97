import { Badge, Box, Button, Checkbox, Field, Flex, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { languageNames, reportLanguages, type ReportLanguage, type Share } from '@caseload/contract/families';
import { errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toaster.ts';
import { useCreateShare, useDraftTranslation, useReviewTranslation, useRevokeShare, useShares } from '../api/shares.ts';

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
  const [language, setLanguage] = useState<ReportLanguage>('en');

  const share = () =>
    create.mutate(language, {
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
        <Flex gap="2" align="center" wrap="wrap">
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field aria-label="Report language" value={language} onChange={(e) => setLanguage(e.target.value as ReportLanguage)}>
              {reportLanguages.map((l) => (
                <option key={l} value={l}>
                  {languageNames[l]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" colorPalette="blue" onClick={share} loading={create.isPending}>
            Share with family
          </Button>
        </Flex>
      </Flex>
      {language !== 'en' && <TranslationEditor key={language} noteId={noteId} language={language} />}
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

/**
 * The note in the family's language: the AI's draft (where the server's generator offers one) or
 * the clinician's own text, saved as reviewed before the note is shared in that language. The
 * text is plain paragraphs (one per blank-line-separated block), sent as rich text.
 */
function TranslationEditor({ noteId, language }: { noteId: string; language: Exclude<ReportLanguage, 'en'> }) {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const draft = useDraftTranslation(noteId);
  const review = useReviewTranslation(noteId);
  const name = languageNames[language];
  const askDraft = () =>
    draft.mutate(language, {
      onSuccess: (t) => setText(htmlToText(t.text)),
      onError: (error) => notify.error({ title: 'No draft', description: errorMessage(error, 'Please try again.') }),
    });
  const save = () =>
    review.mutate(
      { language, text: textToHtml(text) },
      {
        onError: (error) => notify.error({ title: 'Could not save the translation', description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <Stack gap="3" p="3" borderWidth="1px" borderRadius="md" mb="3">
      <Field.Root>
        <Field.Label>Note in {name}</Field.Label>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={6} lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'} />
        <Field.HelperText>A translated note is shared only after you have reviewed it against the English note.</Field.HelperText>
      </Field.Root>
      <Checkbox.Root checked={checked} onCheckedChange={(d) => setChecked(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>I have reviewed this translation</Checkbox.Label>
      </Checkbox.Root>
      <Flex gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={askDraft} loading={draft.isPending}>
          Draft with AI
        </Button>
        <Button size="sm" colorPalette="blue" onClick={save} disabled={!checked || !text.trim()} loading={review.isPending}>
          Save reviewed translation
        </Button>
      </Flex>
      {review.isSuccess && <Text fontSize="sm">Reviewed. You can share the report in {name} now.</Text>}
    </Stack>
  );
}

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Paragraphs of plain text as rich text. */
const textToHtml = (t: string) =>
  t
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
/** Rich text as plain paragraphs, for editing. */
function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li)>/gi, '\n\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

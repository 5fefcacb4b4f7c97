import { Alert, Button, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api.ts';

interface SettingsCardProps {
  /** The heading's id: the section is named by its heading. */
  headingId: string;
  title: string;
  /** What the setting does, in a muted line under the heading. */
  description: ReactNode;
  /** More of the header under the description (e.g. the current period, a URI to copy). */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/** A settings page's section: a titled card with what it does, then its form. */
export function SettingsCard({ headingId, title, description, headerExtra, children }: SettingsCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
        {headerExtra}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

interface SaveRowProps {
  /** The save mutation's state. */
  save: { isPending: boolean; isError: boolean; error: unknown };
  /** The alert's title when the server gave no message, e.g. "The account could not be saved." */
  failedTitle: string;
  /** Shows no alert for a failure the form already shows under a field. */
  errorShownInField?: boolean;
  /** The submit button's text, e.g. "Save account"; the failed-save alert names it too. */
  saveLabel: string;
  /** The status line after a save; nothing before one. */
  savedStatus: ReactNode;
  /** Buttons before Save (e.g. Add a row). */
  before?: ReactNode;
  /** Buttons after Save (e.g. Test sign-in). */
  after?: ReactNode;
}

/**
 * What a settings form shows under its fields: the failed-save alert (what was typed stays, so
 * pressing Save again retries it), then the Save button with the saved status.
 */
export function SaveRow({ save, failedTitle, errorShownInField = false, saveLabel, savedStatus, before, after }: SaveRowProps) {
  return (
    <>
      {save.isError && !errorShownInField && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{errorMessage(save.error, failedTitle)}</Alert.Title>
            <Alert.Description>{`Nothing you typed is lost. Check your connection and press ${saveLabel} again.`}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Flex gap="3" wrap="wrap" align="center">
        {before}
        <Button type="submit" colorPalette="blue" loading={save.isPending}>
          {saveLabel}
        </Button>
        {after}
        {savedStatus && (
          <Text role="status" color="green.700" fontSize="sm">
            {savedStatus}
          </Text>
        )}
      </Flex>
    </>
  );
}

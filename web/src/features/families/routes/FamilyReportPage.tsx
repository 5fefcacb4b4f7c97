import { Box, Button, Container, Field, Flex, Heading, Input, NativeSelect, Stack, Text, type InputProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { reportLanguages, type FamilyReport, type ReportLanguage } from '@caseload/contract/families';
import { languageNames, reportMessages, type ReportFormatter } from '@caseload/contract/i18n/report-messages';
import { RichTextView } from '../../../components/rich-text/RichTextView.tsx';
import { isApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { GoalChartFigure } from '../../reports/index.ts';
import { acknowledgeReport, fetchFamilyReport, fetchFamilyReportPdf, forgetUnlocked, rememberUnlocked, unlockShare, wasUnlocked } from '../api/family.ts';

/**
 * The family's page (part 4 §6), outside the signed-in app: the code, then the report (goals with
 * their figures and statuses, the note), its PDF and 'I have received this report'. Every fixed
 * text comes from the report's catalog in the report's language, and the document's `lang` and
 * `dir` follow it so screen readers read it in that language.
 */
export default function FamilyReportPage() {
  const { token = '' } = useParams();
  const [language, setLanguage] = useState<ReportLanguage | undefined>(undefined);
  // Asked only once this browser has entered the code: before, the answer can only be 401.
  const [unlocked, setUnlocked] = useState(() => wasUnlocked(token));
  const report = useQuery({
    queryKey: ['family-report', token, language ?? 'share'],
    queryFn: ({ signal }) => fetchFamilyReport(token, language, signal),
    retry: (count, error) => !isApiError(error) && count < 2,
    enabled: unlocked,
  });
  // Before the code, the share's language is not known yet: the browser's, when Caseload reports in it.
  const shown: ReportLanguage = report.data?.language ?? language ?? browserLanguage();
  const m = useMemo(() => reportMessages(shown), [shown]);

  useEffect(() => {
    const root = document.documentElement;
    const before = { lang: root.lang, dir: root.dir, title: document.title };
    root.lang = shown;
    root.dir = m.direction;
    document.title = `${m.t('title')} - Caseload`;
    return () => {
      root.lang = before.lang;
      root.dir = before.dir;
      document.title = before.title;
    };
  }, [shown, m]);

  const ended = isApiError(report.error, 410);
  const locked = !unlocked || isApiError(report.error, 401);
  useEffect(() => {
    // The visit ended (its cookie expired): the mark goes with it.
    if (isApiError(report.error, 401)) forgetUnlocked(token);
  }, [report.error, token]);
  const onUnlocked = () => {
    rememberUnlocked(token);
    if (unlocked) void report.refetch();
    else setUnlocked(true);
  };
  return (
    <Box as="main" lang={shown} dir={m.direction} minH="100vh" bg="gray.50" py={{ base: '4', md: '10' }}>
      <Container maxW="3xl" px={{ base: '3', md: '6' }}>
        {unlocked && report.isPending ? (
          <Text role="status">…</Text>
        ) : ended ? (
          <Panel>
            <Heading as="h1" size="xl">
              {m.t('title')}
            </Heading>
            <Text role="alert">{m.t('linkEnded')}</Text>
          </Panel>
        ) : locked ? (
          <CodeForm token={token} m={m} onUnlocked={onUnlocked} />
        ) : report.data ? (
          <ReportView token={token} report={report.data} m={m} onLanguage={setLanguage} />
        ) : (
          <Panel>
            <Text role="alert">{m.t('loadFailed')}</Text>
            <Button alignSelf="start" onClick={() => void report.refetch()}>
              {m.t('tryAgain')}
            </Button>
          </Panel>
        )}
      </Container>
    </Box>
  );
}

/** The first of the browser's languages Caseload reports in ("es-US" → es, "zh-CN" → zh-Hans), else English. */
function browserLanguage(): ReportLanguage {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.split('-')[0]!.toLowerCase();
    const match = base === 'zh' ? 'zh-Hans' : reportLanguages.find((l) => l === base);
    if (match) return match;
  }
  return 'en';
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <Stack gap="4" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      {children}
    </Stack>
  );
}

function CodeForm({ token, m, onUnlocked }: { token: string; m: ReportFormatter; onUnlocked: () => void }) {
  const unlock = async (code: string) => {
    try {
      await unlockShare(token, code);
      onUnlocked();
      return null;
    } catch (e) {
      // The code stays in the field, whatever went wrong.
      if (isApiError(e, 410)) void queryClient.invalidateQueries({ queryKey: ['family-report', token] });
      return isApiError(e, 410) ? m.t('linkEnded') : isApiError(e, 400) ? m.t('wrongCode') : m.t('loadFailed');
    }
  };
  return (
    <Panel>
      <Heading as="h1" size="xl">
        {m.t('enterCodeHeading')}
      </Heading>
      <OneFieldForm
        label={m.t('codeLabel')}
        help={m.t('enterCodeHelp')}
        submitLabel={m.t('openReport')}
        inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, dir: 'ltr', fontSize: 'xl', letterSpacing: '0.2em', maxW: '12rem' }}
        onSubmit={unlock}
      />
    </Panel>
  );
}

/**
 * The family page's forms (the code, the name): one field, its error under it, one button. The
 * typed text stays in the field whatever the answer; `onSubmit` answers the error to show, or null.
 */
function OneFieldForm({ label, help, submitLabel, inputProps, required, onSubmit }: {
  label: string;
  help?: string;
  submitLabel: string;
  inputProps: InputProps;
  /** The error for an empty field, checked before sending. */
  required?: string;
  onSubmit: (value: string) => Promise<string | null>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (required && !value.trim()) return setError(required);
    setBusy(true);
    setError(null);
    try {
      setError(await onSubmit(value.trim()));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        <Field.Root invalid={error !== null}>
          <Field.Label>{label}</Field.Label>
          <Input value={value} onChange={(e) => setValue(e.target.value)} {...inputProps} />
          {help && <Field.HelperText>{help}</Field.HelperText>}
          {error && (
            <Field.ErrorText color="red.700" role="alert">
              {error}
            </Field.ErrorText>
          )}
        </Field.Root>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function ReportView({ token, report, m, onLanguage }: { token: string; report: FamilyReport; m: ReportFormatter; onLanguage: (language: ReportLanguage) => void }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      downloadFile(await fetchFamilyReportPdf(token, report.language), `progress-report-${report.period.end}-${report.language}.pdf`, 'application/pdf');
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  const student = `${report.client.firstName} ${report.client.lastInitial}.`;
  return (
    <Stack gap="4">
      <Panel>
        <Flex justify="space-between" gap="3" wrap="wrap" align="start">
          <Heading as="h1" size="2xl">
            {m.t('title')}
          </Heading>
          {report.languages.length > 1 && (
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field aria-label={m.t('languageLabel')} value={report.language} onChange={(e) => onLanguage(e.target.value as ReportLanguage)}>
              {report.languages.map((l) => (
                <option key={l} value={l} lang={l}>
                  {languageNames[l]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          )}
        </Flex>
        <Text>{m.t('student', { name: student })}</Text>
        {report.school && <Text>{m.t('school', { name: report.school })}</Text>}
        {report.district && <Text>{m.t('district', { name: report.district })}</Text>}
        {report.preparedBy && <Text>{m.t('preparedBy', { name: report.preparedBy })}</Text>}
        <Text>{m.t('period', { start: m.longDate(report.period.start), end: m.longDate(report.period.end) })}</Text>
        <Button alignSelf="start" variant="outline" onClick={() => void download()} loading={downloading}>
          {m.t('downloadPdf')}
        </Button>
        {downloadFailed && (
          <Text role="alert" color="red.700" fontSize="sm">
            {m.t('loadFailed')}
          </Text>
        )}
      </Panel>
      {report.goals.length > 0 && (
        <Panel>
          <Heading as="h2" size="lg">
            {m.t('goals')}
          </Heading>
          {report.goals.map((goal, i) => (
            <Stack key={i} gap="2" as="section" aria-label={goal.name}>
              <Heading as="h3" size="md">
                {goal.name}
              </Heading>
              <Text data-testid="goal-status">{m.t('goalStatus', { status: m.status(goal.status) })}</Text>
              <Text color="fg.muted" fontSize="sm">
                {m.t('sessionsWithData', { count: goal.chart.points.length })}
              </Text>
              <Box dir="ltr">
                <GoalChartFigure chart={goal.chart} labels={m} />
              </Box>
            </Stack>
          ))}
        </Panel>
      )}
      <Panel>
        <Heading as="h2" size="lg">
          {m.t('noteHeading')}
        </Heading>
        {report.translatedBy && <Text fontSize="sm">{m.t('translatedBy', { name: report.translatedBy.name, date: m.longDate(report.translatedBy.at) })}</Text>}
        <RichTextView html={report.note} data-testid="family-note" />
      </Panel>
      <Acknowledgement token={token} report={report} m={m} />
    </Stack>
  );
}

function Acknowledgement({ token, report, m }: { token: string; report: FamilyReport; m: ReportFormatter }) {
  const [done, setDone] = useState(report.acknowledgedAt ? { at: report.acknowledgedAt, by: report.acknowledgedBy ?? '' } : null);
  const acknowledge = async (name: string) => {
    try {
      const ack = await acknowledgeReport(token, name);
      setDone({ at: ack.acknowledgedAt, by: ack.acknowledgedBy });
      return null;
    } catch (e) {
      return isApiError(e, 410) ? m.t('linkEnded') : m.t('acknowledgeFailed');
    }
  };
  return (
    <Panel>
      <Heading as="h2" size="lg">
        {m.t('acknowledgeHeading')}
      </Heading>
      {done ? (
        <Text role="status" data-testid="acknowledged">
          {m.t('acknowledged', { name: done.by, date: m.longDate(done.at) })}
        </Text>
      ) : (
        <OneFieldForm label={m.t('yourName')} submitLabel={m.t('acknowledge')} required={m.t('nameRequired')} inputProps={{ autoComplete: 'name', maxLength: 100 }} onSubmit={acknowledge} />
      )}
    </Panel>
  );
}

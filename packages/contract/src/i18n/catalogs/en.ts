/**
 * The parent report's fixed texts in English: the source every other catalog translates. ICU
 * message syntax: plurals follow the catalog's language; dates and numbers come formatted in its
 * locale (report-messages.ts).
 */
export const en = {
  // The report (page and PDF)
  title: 'Progress Report',
  student: 'Student: {name}',
  school: 'School: {name}',
  district: 'District: {name}',
  preparedBy: 'Prepared by: {name}',
  period: 'Reporting period: {start} to {end}',
  goals: 'Goals',
  goalStatus: 'Status: {status}',
  sessionsWithData: '{count, plural, =0 {No sessions with data in this period} one {# session with data} other {# sessions with data}}',
  cueMix: 'Correct by cue level: {list}',
  noteHeading: 'Progress note',
  noNote: 'No note text.',
  translatedBy: 'Translated from English, reviewed by {name} on {date}',
  page: 'Page {page} of {count}',
  status_mastered: 'Mastered',
  status_progressing: 'Progressing',
  status_not_yet: 'Not yet',
  status_no_data: 'No data',
  cue_independent: 'Independent',
  cue_gestural: 'Gestural',
  cue_visual: 'Visual',
  cue_verbal: 'Verbal',
  cue_model: 'Model',
  cue_physical: 'Physical',
  chartBaseline: 'Baseline',
  chartCriterion: 'Criterion {value}',
  chartDescription: 'Accuracy in each session: {list}',
  // The family page
  enterCodeHeading: 'Enter your code',
  enterCodeHelp: 'Type the 6-digit code you were given with this link.',
  codeLabel: 'Code',
  openReport: 'Open the report',
  wrongCode: 'That code is not right. Please check it and try again.',
  linkEnded: "This link has ended. Please ask your child's speech-language pathologist for a new one.",
  downloadPdf: 'Download PDF',
  acknowledgeHeading: 'Let the school know you received this report',
  yourName: 'Your name',
  acknowledge: 'I have received this report',
  acknowledged: 'Received by {name} on {date}',
  nameRequired: 'Type your name',
  acknowledgeFailed: 'Your confirmation was not sent. Please check your connection and try again.',
  languageLabel: 'Language',
  loadFailed: 'The report could not be loaded. Please try again.',
  tryAgain: 'Try again',
};
export type ReportMessages = Record<keyof typeof en, string>;

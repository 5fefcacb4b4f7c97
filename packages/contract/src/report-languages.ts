/**
 * The languages Caseload reports in to families (part 4 §6), on their own (no imports) so that
 * the client's schema can name them without reaching the families contract.
 */
/** By BCP 47 tag. */
export const reportLanguages = ['en', 'es', 'vi', 'zh-Hans', 'ar', 'ru', 'ht', 'pt', 'so'] as const;
export type ReportLanguage = (typeof reportLanguages)[number];

/** The names of the languages, each in itself (a language picker lists them so). */
export const languageNames: Record<ReportLanguage, string> = {
  en: 'English',
  es: 'Español',
  vi: 'Tiếng Việt',
  'zh-Hans': '简体中文',
  ar: 'العربية',
  ru: 'Русский',
  ht: 'Kreyòl ayisyen',
  pt: 'Português',
  so: 'Soomaali',
};

export const NOT_A_REPORT_LANGUAGE = 'Choose a language Caseload reports in';

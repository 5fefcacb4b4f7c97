/**
 * The parent report's fixed texts (part 4 §6) in every language Caseload reports in: one catalog
 * of ICU messages per language (catalogs/*.ts), read by the family page and the PDF writer alike,
 * formatted by FormatJS's intl-messageformat (plurals by the language's rules); dates and numbers
 * through Intl in the language's locale. Every catalog has every key (the type says so); the translations were
 * written for Caseload, for meaning, not by a machine.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { ReportLanguage } from '../families.ts';
export { languageNames } from '../families.ts';
import type { ChartWords, GoalChart, GoalProgressState } from '../goal-chart.ts';
import type { CueLevel } from '../trials.ts';
import { ar } from './catalogs/ar.ts';
import { en, type ReportMessages } from './catalogs/en.ts';
import { es } from './catalogs/es.ts';
import { haitianMonths, ht } from './catalogs/ht.ts';
import { pt } from './catalogs/pt.ts';
import { ru } from './catalogs/ru.ts';
import { so } from './catalogs/so.ts';
import { vi } from './catalogs/vi.ts';
import { zhHans } from './catalogs/zh-Hans.ts';

export type { ReportMessages };
export type MessageKey = keyof ReportMessages;

export const reportCatalogs: Record<ReportLanguage, ReportMessages> = { en, es, vi, 'zh-Hans': zhHans, ar, ru, ht, pt, so };

/** The languages written right to left. */
export const isRightToLeft = (language: ReportLanguage) => language === 'ar';
export const directionOf = (language: ReportLanguage): 'rtl' | 'ltr' => (isRightToLeft(language) ? 'rtl' : 'ltr');

const compiled = new Map<string, IntlMessageFormat>();

/** Whether Intl has locale data for the language (Node's and browsers' ICU have none for Haitian Creole). */
const intlKnows = (language: ReportLanguage) => new Intl.DateTimeFormat(language).resolvedOptions().locale.split('-')[0] === language.split('-')[0];

/** A calendar date (`yyyy-MM-dd`, the school day) written out in the language: "31 de marzo de 2024". */
export function longDateIn(language: ReportLanguage, date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (language === 'ht' && !intlKnows('ht')) return `${day} ${haitianMonths[month - 1]} ${year}`;
  // Noon UTC shown in UTC: no time zone moves the day.
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** A short calendar date for a chart's axis: "31 mar", "3月31日". */
export function shortDateIn(language: ReportLanguage, date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (language === 'ht' && !intlKnows('ht')) return `${day} ${haitianMonths[month - 1]!.slice(0, 3)}`;
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** A formatter of one language's messages: `t('period', { start, end })` with the values already formatted (longDateIn, percent). */
export function reportMessages(language: ReportLanguage) {
  const catalog = reportCatalogs[language];
  const t = (key: MessageKey, values: Record<string, string | number> = {}): string => {
    const id = `${language}|${key}`;
    let format = compiled.get(id);
    if (!format) {
      format = new IntlMessageFormat(catalog[key], language);
      compiled.set(id, format);
    }
    return String(format.format(values));
  };
  const percentFormat = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  return {
    language,
    direction: directionOf(language),
    t,
    status: (state: GoalProgressState) => t(`status_${state}`),
    cue: (level: CueLevel) => t(`cue_${level}`),
    /** A whole percent as the language writes it ("60%", "60 %"). */
    percent: (value: number) => percentFormat.format(value / 100),
    longDate: (date: string) => longDateIn(language, date),
    shortDate: (date: string) => shortDateIn(language, date),
  };
}
export type ReportFormatter = ReturnType<typeof reportMessages>;

/** A figure's words in the formatter's language (goalChartOption). */
export const chartWords = (m: ReportFormatter, fontFamily?: string): ChartWords => ({
  baseline: m.t('chartBaseline'),
  criterion: (percent) => m.t('chartCriterion', { value: percent }),
  percent: m.percent,
  shortDate: m.shortDate,
  fontFamily,
});

/** "Correct by cue level: Independent 60% · Verbal 20%" in the formatter's language, or null (contract cueMixText). */
export const cueMixIn = (m: ReportFormatter, chart: Pick<GoalChart, 'cueMix'>): string | null =>
  chart.cueMix.length === 0 ? null : m.t('cueMix', { list: chart.cueMix.map((c) => `${m.cue(c.cue)} ${m.percent(c.percent)}`).join(' · ') });

/** What a screen reader hears for the figure, in the formatter's language (contract goalChartDescription). */
export const chartDescriptionIn = (m: ReportFormatter, chart: GoalChart): string =>
  [chart.points.length ? m.t('chartDescription', { list: chart.points.map((p) => m.percent(p.accuracy)).join(', ') }) : m.t('sessionsWithData', { count: 0 }), m.t('goalStatus', { status: m.status(chart.progress) })].join('; ');

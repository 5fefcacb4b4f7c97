import { describe, expect, it } from 'vitest';
import { reportLanguages } from '../families.ts';
import { en } from './catalogs/en.ts';
import { longDateIn, reportCatalogs, reportMessages } from './report-messages.ts';

describe('report message catalogs', () => {
  it('has every key in every language, none left in English, each a valid ICU message', () => {
    const keys = Object.keys(en).sort();
    // Words that are the same in the language as in English (cue levels, "PDF").
    const sameAsEnglish = new Set(['cue_visual', 'cue_verbal']);
    for (const language of reportLanguages) {
      const catalog = reportCatalogs[language];
      expect(Object.keys(catalog).sort(), language).toEqual(keys);
      const t = reportMessages(language).t;
      for (const key of keys as (keyof typeof en)[]) {
        expect(() => t(key, { name: 'Ana', start: 'a', end: 'b', status: 's', list: 'l', count: 2, page: 1, date: 'd', value: '80%' }), `${language} ${key}`).not.toThrow();
        if (language !== 'en' && !sameAsEnglish.has(key)) expect(catalog[key], `${language} ${key}`).not.toBe(en[key]);
      }
    }
  });

  it('follows each language’s plural rules', () => {
    const sessions = (language: (typeof reportLanguages)[number], count: number) => reportMessages(language).t('sessionsWithData', { count });
    expect(sessions('en', 1)).toBe('1 session with data');
    expect(sessions('en', 3)).toBe('3 sessions with data');
    expect(sessions('es', 1)).toBe('1 sesión con datos');
    expect(sessions('es', 0)).toBe('Ninguna sesión con datos en este período');
    expect(sessions('ru', 1)).toBe('1 занятие с данными');
    expect(sessions('ru', 3)).toBe('3 занятия с данными');
    expect(sessions('ru', 5)).toBe('5 занятий с данными');
    expect(sessions('ar', 2)).toBe('جلستان بهما بيانات');
  });

  it('writes dates and percents in the language’s own form', () => {
    expect(longDateIn('es', '2024-03-31')).toBe('31 de marzo de 2024');
    expect(longDateIn('pt', '2024-03-31')).toBe('31 de março de 2024');
    expect(longDateIn('ru', '2024-03-31')).toMatch(/^31 марта 2024/);
    expect(longDateIn('zh-Hans', '2024-03-31')).toBe('2024年3月31日');
    expect(longDateIn('ht', '2024-03-31')).toBe('31 mas 2024');
    expect(longDateIn('en', '2024-03-01')).toBe('March 1, 2024');
    expect(reportMessages('es').percent(60)).toBe('60\u00a0%');
    expect(reportMessages('ar').direction).toBe('rtl');
    expect(reportMessages('es').direction).toBe('ltr');
  });
});

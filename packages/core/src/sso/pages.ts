import { SSO_FAILED, SSO_NO_ACCESS } from '@caseload/contract/sso';

/**
 * The callback's answers are top-level pages in the browser (the provider redirected there), not
 * API answers the SPA reads: a small self-contained page with a way back to sign-in. No style or
 * script, so the API's `default-src 'none'` policy holds.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function ssoPage(kind: 'refused' | 'failed'): string {
  const message = kind === 'refused' ? SSO_NO_ACCESS : SSO_FAILED;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${kind === 'refused' ? 'No access' : 'Sign-in not completed'} · Caseload</title></head>`,
    `<body><main><h1>${escape(message)}</h1><p><a href="/auth">Back to sign in</a></p></main></body></html>`,
  ].join('\n');
}

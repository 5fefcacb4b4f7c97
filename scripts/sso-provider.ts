/**
 * Try single sign-on locally: starts the same OpenID Connect provider the tests use (panva's
 * oidc-provider, development login form) on http://127.0.0.1:4010 with the demo users as its
 * accounts, and prints what to enter on the owner's Single sign-on page.
 *
 *   npm run demo            # once: the Maple District demo account
 *   npm start               # Caseload on http://localhost:3000
 *   npm run sso-provider    # this provider, in another terminal
 */
import { DEMO_CHILDREN, DEMO_OWNER } from '../packages/local/src/demo-data.ts';
import { startTestProvider } from '../packages/local/src/oidc-provider.ts';

const appPort = Number(process.env.PORT ?? 3000);
const provider = await startTestProvider({
  port: Number(process.env.SSO_PROVIDER_PORT ?? 4010),
  clientId: 'caseload-local',
  clientSecret: 'caseload-local-secret',
  redirectUris: [`http://localhost:${appPort}/api/sso/callback`, `http://127.0.0.1:${appPort}/api/sso/callback`],
});
for (const { email } of [DEMO_OWNER, ...DEMO_CHILDREN]) provider.accounts.set(email, { email, email_verified: true });

console.log(`OpenID Connect provider at ${provider.issuer}

On http://localhost:${appPort}/single-sign-on (signed in as ${DEMO_OWNER.email}) enter:
  Issuer          ${provider.issuer}
  Client ID       ${provider.clientId}
  Client secret   ${provider.clientSecret}
  E-mail domains  maple-district.demo

Then sign out, type ${DEMO_CHILDREN[0].email} on the sign-in page and "Continue with" the district;
on the provider's form enter that e-mail as the login (any password). Ctrl-C stops the provider.`);

process.on('SIGINT', () => void provider.close().then(() => process.exit(0)));

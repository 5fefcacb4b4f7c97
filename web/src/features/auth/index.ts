/**
 * The auth feature's public surface. The signed-in user itself is read with useCurrentUser from
 * lib/current-user.ts, which every feature and the shell share.
 */
export { signOut } from './api/auth.ts';
export { SignOutButton } from './components/SignOutButton.tsx';
export { IdleSignOut } from './components/IdleSignOut.tsx';

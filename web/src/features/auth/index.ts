/**
 * The auth feature's public surface. The signed-in user itself is read with useCurrentUser from
 * lib/current-user.ts, which every feature and the shell share.
 */
export { useLogout } from './api/auth.ts';

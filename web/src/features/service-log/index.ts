/** The service-log feature's public surface: the session note's PDF button, which the session page places. */
export { SessionNotePdfLink, type SessionNotePdfLinkProps } from './components/SessionNotePdfLink.tsx';

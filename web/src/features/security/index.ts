/** The security feature's public surface: the banner of a scheduled district deletion, which the shell shows on every page. */
export { DeletionBanner } from './components/DeletionBanner.tsx';

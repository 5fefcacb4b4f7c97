/** The minutes feature's public surface: a student's service-minutes card and where to schedule a make-up. */
export { ClientMinutesCard, scheduleMakeupPath } from './components/ClientMinutesCard.tsx';

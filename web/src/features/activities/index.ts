/** The activities feature's public surface: the signed-in user's own activity feed (the shell's bell). */
export { useMyActivities } from './api/activities.ts';

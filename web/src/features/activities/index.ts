/** The activities feature's public surface: the signed-in user's own activity feed (the shell's bell) and the work / sign-ins switch of every feed. */
export { useMyActivities } from './api/activities.ts';
export { ActivityKindSwitch } from './components/ActivityKindSwitch.tsx';

/** The roster import feature's public surface: the district roster's picker, which the Add Client dialog places. */
export { RosterPicker } from './components/RosterPicker.tsx';

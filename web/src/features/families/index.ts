/** The families feature's public surface: the sharing section of a delivered progress note. */
export { FamilySharesSection } from './components/FamilySharesSection.tsx';

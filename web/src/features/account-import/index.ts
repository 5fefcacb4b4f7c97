/** Import of a whole export into an empty district (part 4 §5): the Security page's Import a district card. */
export { AccountImportCard } from './components/AccountImportCard.tsx';

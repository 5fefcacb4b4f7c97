/** The IEPs feature's public surface: the client's IEP card. */
export { IepCard } from './components/IepCard.tsx';

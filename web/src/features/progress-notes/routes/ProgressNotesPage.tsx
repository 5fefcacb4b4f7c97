import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the Progress Notes screen is built. */
export default function ProgressNotesPage() {
  return <PageHeading title="Progress Notes" />;
}

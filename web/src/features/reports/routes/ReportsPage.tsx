import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the Reports screen is built. */
export default function ReportsPage() {
  return <PageHeading title="Reports" />;
}

import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the Dashboard screen is built. */
export default function DashboardPage() {
  return <PageHeading title="Dashboard" />;
}

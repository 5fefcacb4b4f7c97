import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the Client Management screen is built. */
export default function ClientsPage() {
  return <PageHeading title="Client Management" />;
}

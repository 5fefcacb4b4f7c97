import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the Organization Management screen is built. */
export default function OrganizationsPage() {
  return <PageHeading title="Organization Management" />;
}

import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the User Management screen is built. */
export default function UsersPage() {
  return <PageHeading title="User Management" />;
}

import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the Session Management screen is built. */
export default function SessionsPage() {
  return <PageHeading title="Session Management" />;
}

import { PageHeading } from '../../../components/PageHeading.tsx';

/** Placeholder until the Session Details screen is built. */
export default function SessionDetailPage() {
  return <PageHeading title="Session Details" />;
}

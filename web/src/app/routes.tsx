import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { GuestOnly, RequireUser } from './guards.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

// Every page is its own chunk, so the first load carries only the shell (budget: 200 KB gzip).
const AuthPage = lazy(() => import('../features/auth/routes/AuthPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/routes/DashboardPage.tsx'));
const GoalsAtRiskPage = lazy(() => import('../features/dashboard/routes/GoalsAtRiskPage.tsx'));
const ClientsPage = lazy(() => import('../features/clients/routes/ClientsPage.tsx'));
const ClientPage = lazy(() => import('../features/clients/routes/ClientPage.tsx'));
const MinutesPage = lazy(() => import('../features/minutes/routes/MinutesPage.tsx'));
const SchoolCalendarPage = lazy(() => import('../features/school-calendar/routes/SchoolCalendarPage.tsx'));
const SessionsPage = lazy(() => import('../features/sessions/routes/SessionsPage.tsx'));
const SessionDetailPage = lazy(() => import('../features/sessions/routes/SessionDetailPage.tsx'));
const ReportsPage = lazy(() => import('../features/reports/routes/ReportsPage.tsx'));
const ServiceLogPage = lazy(() => import('../features/service-log/routes/ServiceLogPage.tsx'));
const ProgressNotesPage = lazy(() => import('../features/progress-notes/routes/ProgressNotesPage.tsx'));
const OrganizationsPage = lazy(() => import('../features/organizations/routes/OrganizationsPage.tsx'));
const UsersPage = lazy(() => import('../features/users/routes/UsersPage.tsx'));
const SecurityPage = lazy(() => import('../features/security/routes/SecurityPage.tsx'));
const SsoPage = lazy(() => import('../features/sso/routes/SsoPage.tsx'));
const RosterImportPage = lazy(() => import('../features/roster-import/routes/RosterImportPage.tsx'));
const FamilyReportPage = lazy(() => import('../features/families/routes/FamilyReportPage.tsx'));

/** The route table. Pages inside RequireUser render in the shell, which holds their Suspense. */
export const appRoutes: RouteObject[] = [
  {
    path: '/auth',
    element: (
      <GuestOnly>
        <Suspense fallback={<PageSpinner minH="100vh" />}>
          <AuthPage />
        </Suspense>
      </GuestOnly>
    ),
  },
  {
    // The family's page of a shared report (part 4 §6): public, outside the signed-in shell.
    path: '/family/:token',
    element: (
      <Suspense fallback={<PageSpinner minH="100vh" />}>
        <FamilyReportPage />
      </Suspense>
    ),
  },
  {
    element: <RequireUser />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'goals-at-risk', element: <GoalsAtRiskPage /> },
      { path: 'clients', element: <ClientsPage /> },
      { path: 'clients/:id', element: <ClientPage /> },
      { path: 'sessions', element: <SessionsPage /> },
      { path: 'sessions/:id', element: <SessionDetailPage /> },
      { path: 'minutes', element: <MinutesPage /> },
      { path: 'reports', element: <ReportsPage /> },
      { path: 'service-log', element: <ServiceLogPage /> },
      { path: 'progress-notes', element: <ProgressNotesPage /> },
      { path: 'organizations', element: <OrganizationsPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'school-calendar', element: <SchoolCalendarPage /> },
      { path: 'roster-import', element: <RosterImportPage /> },
      { path: 'security', element: <SecurityPage /> },
      { path: 'single-sign-on', element: <SsoPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than a data router: the data router
 * adds ~17 KB gzip to the first load and the app uses none of its loaders or actions.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

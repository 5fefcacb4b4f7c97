import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProvider } from '../app/AppProvider.tsx';
import { AppRoutes } from '../app/routes.tsx';

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="location-search">{location.search}</output>
    </>
  );
}

/** The whole app at a path, with a probe showing where the router ended up. */
export function renderApp(path: string) {
  return renderWithProviders(<AppRoutes />, path);
}

export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
}

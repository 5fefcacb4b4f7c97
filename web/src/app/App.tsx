import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './AppProvider.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <AppProvider>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProvider>
  );
}

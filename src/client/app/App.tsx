import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';

/** The routed app (React Router's declarative mode, which starts navigations as transitions). */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

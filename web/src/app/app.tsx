import { NewVersionPrompt } from '../components/ui/new-version-prompt';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <AppRouter />
      <NewVersionPrompt />
    </AppProvider>
  );
}

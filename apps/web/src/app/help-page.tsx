import { PlaceholderPage } from '../shared/ui/placeholder-page';

export function HelpPage() {
  return <PlaceholderPage title="Помощь" />;
}

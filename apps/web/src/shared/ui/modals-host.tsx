/** Mantine's ModalsProvider, mounted by the shell once a confirmation is first asked for (confirm-modal.ts). */
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { useModalsHost } from './confirm-modal';

export function ModalsHost() {
  // The provider's own effects (its window listeners) run before this one: once ready, an open is heard.
  useEffect(() => {
    useModalsHost.setState({ ready: true });
    return () => useModalsHost.setState({ ready: false });
  }, []);
  return <ModalsProvider labels={{ confirm: 'Да', cancel: 'Отмена' }} />;
}

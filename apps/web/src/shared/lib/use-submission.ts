/**
 * A form that sends itself and shows the server's refusal in place: whether it is being sent (its button spins) and
 * the refusal's text, cleared when it is sent again.
 */
import { useCallback, useState } from 'react';

export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useCallback(async (request: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await request();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }, []);
  const clearFailure = useCallback(() => setFailure(null), []);
  return { busy, failure, send, clearFailure };
}

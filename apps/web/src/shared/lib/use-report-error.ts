/** Reports a failed query once per error in the error snack bar (spec §8 'Request <ACTION> error: …'). */
import { useEffect } from 'react';
import { reportError } from '../errors';

export function useReportError(action: string, error: unknown) {
  useEffect(() => {
    if (error) reportError(action, error);
  }, [action, error]);
}

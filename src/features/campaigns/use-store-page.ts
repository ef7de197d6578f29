/** Whether the store has a public page, read once when the form opens (undefined: not known). */
import { useEffect, useState } from 'react';
import { fetchHasStorePage } from './api';

export function useHasStorePage(): boolean | undefined {
  const [hasPage, setHasPage] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    // Offline the answer stays unknown: the switch keeps the owner's choice (or the default).
    fetchHasStorePage().then(
      (answer) => alive && setHasPage(answer),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, []);
  return hasPage;
}

import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (spec §9: recipe search debounced 300 ms). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
}

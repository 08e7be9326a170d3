import { useState } from 'react';

/**
 * True from the first render where `wanted` is true, and from then on: a part loaded on demand
 * mounts when first wanted and stays mounted, so it can animate out and open again instantly.
 */
export function useRequestedOnce(wanted: boolean): boolean {
  const [requested, setRequested] = useState(wanted);
  if (wanted && !requested) setRequested(true);
  return requested || wanted;
}

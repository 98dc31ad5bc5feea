import { useState } from 'react';
import { useCurrentUser } from '@/features/auth/store';

const KEY = 'explore-show-nsfw';

/** Whether a signed-in viewer chose to see NSFW bots (remembered on this device); always off for visitors. */
export function useNsfwOptIn(): [boolean, (on: boolean) => void] {
  const user = useCurrentUser();
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(KEY) === 'true';
    } catch {
      return false;
    }
  });
  const set = (value: boolean) => {
    setOn(value);
    try {
      localStorage.setItem(KEY, String(value));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return [Boolean(user) && on, set];
}

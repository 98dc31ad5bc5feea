import { useState } from 'react';
import { useCurrentUser } from '@/features/auth/store';

const KEY = 'explore-show-nsfw';

/** The choice remembered on this device, whoever is signed in. */
export function readNsfwChoice(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether a signed-in viewer chose to see NSFW bots (remembered on this device); always off for visitors. */
export function useNsfwOptIn(): [boolean, (on: boolean) => void] {
  const user = useCurrentUser();
  const [on, setOn] = useState(readNsfwChoice);
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

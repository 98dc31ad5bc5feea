import { lazy, type ComponentType } from 'react';

/**
 * A lazy page that can also be loaded ahead of its first render. React.lazy suspends on its first
 * render even when the module is already here (it shows the fallback for a frame); once `preload`
 * has resolved, this renders the page directly. main.tsx preloads the home page before the first
 * render, so that React replaces the prerendered home page with the same page, never a skeleton.
 */
export function preloadablePage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Page.preload = loadOnce;
  return Page;
}

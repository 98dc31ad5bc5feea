/**
 * sonner's toasts, loaded when the first one is shown: for modules on the home page's first load
 * (the bot cards' actions), which would otherwise bring sonner's chunk into it (the web budget,
 * budget.json). The Toaster itself is lazy already (app/providers.tsx).
 */
function later(kind: 'success' | 'info' | 'error') {
  return (message: string): void => {
    void import('sonner').then(({ toast }) => toast[kind](message));
  };
}

export const toast = { success: later('success'), info: later('info'), error: later('error') };

import { create } from 'zustand';

interface AuthModalState {
  open: boolean;
  mode: 'signin' | 'signup';
  show(mode?: 'signin' | 'signup'): void;
  setOpen(open: boolean): void;
  setMode(mode: 'signin' | 'signup'): void;
}

/** The Sign In modal of the header, openable from anywhere. */
export const useAuthModal = create<AuthModalState>((set) => ({
  open: false,
  mode: 'signin',
  show: (mode = 'signin') => set({ open: true, mode }),
  setOpen: (open) => set({ open }),
  setMode: (mode) => set({ mode }),
}));

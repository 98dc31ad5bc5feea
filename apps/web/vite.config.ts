import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development (npm run dev) the API runs on :3000 and Vite serves the app on :5173 with hot reload.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/avatars-uploads': 'http://localhost:3000',
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});

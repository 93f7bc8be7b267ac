// vite.config.ts: the page calls /api/hitl on its own origin; Vite passes those calls to the backend.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api/hitl': `http://127.0.0.1:${process.env.PROXY_PORT ?? 3001}` } },
});

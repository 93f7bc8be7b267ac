import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import 'hitl-react/styles.css';
import { Providers } from './providers';

export const metadata: Metadata = { title: 'hitl-react on Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ maxWidth: '48rem', margin: '2rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}

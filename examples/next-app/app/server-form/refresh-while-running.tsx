'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

/** Renders the Server Component page again every `intervalMs` while it is shown. */
export function RefreshWhileRunning({ intervalMs = 1000 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [router, intervalMs]);
  return null;
}

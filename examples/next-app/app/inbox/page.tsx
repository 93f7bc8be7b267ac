import { Inbox } from 'hitl-react';

/**
 * A Server Component page with `<Inbox>` (a Client Component): prerendered at build time, as the
 * inbox shows before it has loaded; the calls waiting, and how long each has waited, come after.
 */
export default function InboxPage() {
  return (
    <main>
      <h1>Operator console</h1>
      <Inbox />
    </main>
  );
}

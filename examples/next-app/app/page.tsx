import Link from 'next/link';

export default function Home() {
  return (
    <main>
      <h1>hitl-react on Next.js</h1>
      <ul>
        <li>
          <Link href="/live">A live run</Link>: started in the browser, followed with <code>&lt;RunViewer&gt;</code> through the proxy
          route.
        </li>
        <li>
          <Link href="/server-form">Answer from a Server Component</Link>: the task is started and answered by Server Actions; the page
          renders <code>&lt;ToolCallForm&gt;</code> on the server.
        </li>
        <li>
          <Link href="/inbox">The inbox</Link>: every call waiting for an answer, with how long it has waited.
        </li>
      </ul>
    </main>
  );
}

import { startTask } from './actions';

export default function StartOnTheServer() {
  return (
    <main>
      <h1>Answer from a Server Component</h1>
      <form action={startTask} style={{ display: 'flex', gap: '0.5rem', alignItems: 'end' }}>
        <label style={{ display: 'grid', gap: '0.25rem', flex: 1 }}>
          Task
          <input name="task" defaultValue="Log in to Acme Shop and list my open orders" />
        </label>
        <button type="submit">Start task</button>
      </form>
    </main>
  );
}

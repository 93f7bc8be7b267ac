// The React + ReactDOM baseline: one element rendered. "Above React" figures subtract this entry.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<p>Hello</p>);

// Spanish alone: what `import { es } from 'hitl-react/locales/es'` adds to a page (kept by a global, so it is not shaken away).
import { es } from '../../src/messages/locales/es';

(globalThis as { hitlMessages?: unknown }).hitlMessages = es;

// French alone: what `import { fr } from 'hitl-react/locales/fr'` adds to a page (kept by a global, so it is not shaken away).
import { fr } from '../../src/messages/locales/fr';

(globalThis as { hitlMessages?: unknown }).hitlMessages = fr;

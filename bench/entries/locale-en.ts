// English alone: what `import { en } from 'hitl-react/locales/en'` adds to a page (kept by a global, so it is not shaken away).
import { en } from '../../src/messages/locales/en';

(globalThis as { hitlMessages?: unknown }).hitlMessages = en;

// German alone: what `import { de } from 'hitl-react/locales/de'` adds to a page (kept by a global, so it is not shaken away).
import { de } from '../../src/messages/locales/de';

(globalThis as { hitlMessages?: unknown }).hitlMessages = de;

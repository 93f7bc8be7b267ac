// Japanese alone: what `import { ja } from 'hitl-react/locales/ja'` adds to a page (kept by a global, so it is not shaken away).
import { ja } from '../../src/messages/locales/ja';

(globalThis as { hitlMessages?: unknown }).hitlMessages = ja;

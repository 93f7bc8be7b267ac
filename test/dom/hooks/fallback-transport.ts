// Imported first by the `*.fallback.test.tsx` files: the suite they import next runs through a proxy without the event stream.
import { setTransport } from './hook-test-utils';

setTransport('fallback');

// Imported first by the `*.stream.test.tsx` files: the suite they import next runs over the proxy's event stream.
import { setTransport } from './hook-test-utils';

setTransport('stream');

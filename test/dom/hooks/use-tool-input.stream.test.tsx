// The same suite over the proxy's event stream (a client with `events: true`) instead of polling.
import './stream-transport';
import './use-tool-input.test';

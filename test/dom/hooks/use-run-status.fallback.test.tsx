// The same suite with a client of `events: true` through a proxy that has no event stream (404): the store falls back to polling.
import './fallback-transport';
import './use-run-status.test';

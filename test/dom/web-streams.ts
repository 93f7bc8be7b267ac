/**
 * The web streams jsdom's window lacks in a VM context, from Node, for what the AI SDK's chat
 * streams through. Imported before the AI SDK, by the tests that run its chat.
 */
import { ReadableStream, TextDecoderStream, TextEncoderStream, TransformStream, WritableStream } from 'node:stream/web';

const streams = { ReadableStream, TextDecoderStream, TextEncoderStream, TransformStream, WritableStream };
for (const [name, value] of Object.entries(streams)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/**
 * Writes `.storybook/public/hitl-sim/recording.gif`, the recording every catalogue run links to:
 * a browser window whose page loads and whose progress bar fills, in eight frames.
 *
 *   npx tsx .storybook/scripts/make-recording-gif.ts
 *
 * The simulator's own recording is 48 × 32 pixels, too small to judge a layout by; this one is
 * 320 × 200 and still about 4 KB, thanks to real LZW compression.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIDTH = 320;
const HEIGHT = 200;
const FRAMES = 8;
const FRAME_DELAY_CS = 40;
// Background, window chrome, accent, page text, white, address field, heading, muted.
const PALETTE = [0xf4f5f7, 0x2d3748, 0x3b82f6, 0xcbd5e0, 0xffffff, 0x4a5568, 0x1a202c, 0xa0aec0];
const MIN_CODE_SIZE = 3;

function inBox(x: number, y: number, left: number, top: number, width: number, height: number): boolean {
  return x >= left && x < left + width && y >= top && y < top + height;
}

/** The colour index of pixel (x, y) in `frame`: more of the page shows, and the bar fills, as frames go by. */
function pixelAt(frame: number, x: number, y: number): number {
  if (y < 24) {
    for (const cx of [12, 24, 36]) if ((x - cx) ** 2 + (y - 12) ** 2 <= 16) return 7;
    if (inBox(x, y, 52, 6, 256, 12)) return inBox(x, y, 60, 10, 120, 4) ? 3 : 5;
    return 1;
  }
  if (inBox(x, y, 20, 40, 150, 12)) return 6;
  const lines = [64, 76, 88, 100, 112];
  for (const [index, top] of lines.entries()) {
    if (index > frame) break;
    if (inBox(x, y, 20, top, 280 - ((index * 53) % 90), 6)) return 3;
  }
  if (frame >= 3 && inBox(x, y, 20, 128, 120, 28)) return inBox(x, y, 22, 130, 116, 24) ? 4 : 3;
  if (frame >= 5 && inBox(x, y, 160, 128, 80, 28)) return 2;
  if (inBox(x, y, 20, 176, 280, 8)) return x - 20 < ((frame + 1) * 280) / FRAMES ? 2 : 3;
  return 0;
}

/** GIF's variable-width LZW (GIF89a spec, appendix F), packed least significant bit first. */
function lzw(indices: number[]): number[] {
  const clear = 1 << MIN_CODE_SIZE;
  const end = clear + 1;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  let codeSize = MIN_CODE_SIZE + 1;
  const emit = (code: number) => {
    buffer |= code << bits;
    bits += codeSize;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  };
  let table = new Map<string, number>();
  let next = end + 1;
  emit(clear);
  let prefix = String(indices[0]);
  for (const index of indices.slice(1)) {
    const candidate = `${prefix},${index}`;
    if (table.has(candidate)) {
      prefix = candidate;
      continue;
    }
    emit(prefix.includes(',') ? (table.get(prefix) as number) : Number(prefix));
    if (next < 4096) {
      table.set(candidate, next++);
      // The decoder widens its codes one entry later than the encoder adds them.
      if (next > 1 << codeSize && codeSize < 12) codeSize += 1;
    } else {
      emit(clear);
      table = new Map();
      next = end + 1;
      codeSize = MIN_CODE_SIZE + 1;
    }
    prefix = String(index);
  }
  emit(prefix.includes(',') ? (table.get(prefix) as number) : Number(prefix));
  emit(end);
  if (bits > 0) bytes.push(buffer & 0xff);
  return bytes;
}

function subBlocks(data: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const block = data.slice(i, i + 255);
    out.push(block.length, ...block);
  }
  out.push(0);
  return out;
}

const le16 = (value: number) => [value & 0xff, value >> 8];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function encode(): Uint8Array {
  // Global colour table of 8 entries (size field 2 → 2^(2+1)), 3 bits per primary (field 2 → 2 + 1).
  const bytes: number[] = [...ascii('GIF89a'), ...le16(WIDTH), ...le16(HEIGHT), 0b1010_0010, 0, 0];
  for (const colour of PALETTE) bytes.push((colour >> 16) & 0xff, (colour >> 8) & 0xff, colour & 0xff);
  bytes.push(0x21, 0xff, 0x0b, ...ascii('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00);
  for (let frame = 0; frame < FRAMES; frame++) {
    const indices: number[] = [];
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) indices.push(pixelAt(frame, x, y));
    const delay = frame === FRAMES - 1 ? FRAME_DELAY_CS * 4 : FRAME_DELAY_CS;
    bytes.push(0x21, 0xf9, 0x04, 0x04, ...le16(delay), 0x00, 0x00);
    bytes.push(0x2c, ...le16(0), ...le16(0), ...le16(WIDTH), ...le16(HEIGHT), 0x00);
    bytes.push(MIN_CODE_SIZE, ...subBlocks(lzw(indices)));
  }
  bytes.push(0x3b);
  return Uint8Array.from(bytes);
}

const target = resolve(dirname(fileURLToPath(import.meta.url)), '../public/hitl-sim/recording.gif');
const gif = encode();
writeFileSync(target, gif);
console.log(`wrote ${target} (${gif.byteLength} bytes)`);

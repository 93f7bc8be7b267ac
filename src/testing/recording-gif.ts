/**
 * A small animated GIF (a browser window whose progress bar fills up) served as every run's
 * recording, so an `<img>` pointed at the recording URL shows something real.
 */

const WIDTH = 48;
const HEIGHT = 32;
const FRAMES = 4;
const FRAME_DELAY_CS = 50;
// Background, window chrome, progress, page text.
const PALETTE = [0xf4f5f7, 0x2d3748, 0x3b82f6, 0xcbd5e0];

function pixelAt(frame: number, x: number, y: number): number {
  if (y < 5) return 1;
  const textLine = (y === 10 || y === 14 || y === 18) && x >= 4 && x < 44 - ((y * 7) % 13);
  if (textLine) return 3;
  if (y >= 24 && y < 27 && x >= 4 && x < 44) return x - 4 < ((frame + 1) * 40) / FRAMES ? 2 : 3;
  return 0;
}

/**
 * LZW with a 7-bit minimum code size keeps every code 8 bits wide, so each pixel is one byte;
 * a clear code every 100 pixels stops the table from growing into 9-bit codes. Bigger than
 * real compression, but tiny at this size and simple enough to check by eye.
 */
function imageData(frame: number): number[] {
  const CLEAR = 128;
  const END = 129;
  const codes: number[] = [];
  let sinceClear = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (sinceClear === 0) codes.push(CLEAR);
      codes.push(pixelAt(frame, x, y));
      sinceClear = (sinceClear + 1) % 100;
    }
  }
  codes.push(END);
  const blocks: number[] = [];
  for (let i = 0; i < codes.length; i += 255) {
    const block = codes.slice(i, i + 255);
    blocks.push(block.length, ...block);
  }
  blocks.push(0);
  return blocks;
}

const le16 = (value: number) => [value & 0xff, value >> 8];

function encode(): Uint8Array {
  const bytes: number[] = [...'GIF89a'].map((char) => char.charCodeAt(0));
  // Global colour table of 4 entries, 2 bits per primary colour.
  bytes.push(...le16(WIDTH), ...le16(HEIGHT), 0x91, 0, 0);
  for (const colour of PALETTE) bytes.push((colour >> 16) & 0xff, (colour >> 8) & 0xff, colour & 0xff);
  // NETSCAPE2.0 extension: loop forever.
  bytes.push(0x21, 0xff, 0x0b, ...[...'NETSCAPE2.0'].map((char) => char.charCodeAt(0)), 0x03, 0x01, 0x00, 0x00, 0x00);
  for (let frame = 0; frame < FRAMES; frame++) {
    bytes.push(0x21, 0xf9, 0x04, 0x04, ...le16(FRAME_DELAY_CS), 0x00, 0x00);
    bytes.push(0x2c, ...le16(0), ...le16(0), ...le16(WIDTH), ...le16(HEIGHT), 0x00);
    bytes.push(0x07, ...imageData(frame));
  }
  bytes.push(0x3b);
  return Uint8Array.from(bytes);
}

let cached: Uint8Array | undefined;

/** The GIF's bytes (made once). */
export function recordingGif(): Uint8Array {
  cached ??= encode();
  return cached;
}

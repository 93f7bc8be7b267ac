/** Small statistics for benchmark samples. */

/** The value below which `q` (0 to 1) of the sorted samples fall, by linear interpolation. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5);
}

/** `a / b`, or NaN when either is missing or `b` is 0. */
export function ratio(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return Number.NaN;
  return a / b;
}

/** Rounds for JSON: 3 significant decimals are plenty for timings in ms and for ratios. */
export function round(value: number, decimals = 3): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Milliseconds, with a precision that suits their size. */
export function formatMs(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  if (value >= 0.1) return `${value.toFixed(2)} ms`;
  return `${(value * 1000).toFixed(1)} µs`;
}

export function formatRatio(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)}×`;
}

/** Bytes as KB (1 KB = 1024 bytes), one decimal. */
export function formatKb(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '–';
}

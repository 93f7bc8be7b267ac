/** Types of ./layers.js, for the TypeScript code (tests) that reads the table. */
export interface Layer {
  readonly name: string;
  readonly folder: string;
  readonly uses: readonly string[];
  readonly react: boolean;
}
export declare const LAYERS: readonly Layer[];
export declare const ENTRIES: ReadonlyArray<{ readonly file: string; readonly uses: readonly string[] }>;

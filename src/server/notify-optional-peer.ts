/**
 * Imports optional peer `name` (`nodemailer`, `web-push`) when a channel first needs it. The name
 * is a variable and the bundlers are told to leave the import alone, so an app that uses neither
 * channel builds without either package installed.
 */
export async function importOptionalPeer(name: string, channel: string): Promise<unknown> {
  try {
    const loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ name)) as { default?: unknown };
    // A CommonJS package's functions are on `default` when imported from ESM.
    return loaded.default ?? loaded;
  } catch (error) {
    throw new Error(
      `${channel} needs the ${name} package (npm install ${name}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

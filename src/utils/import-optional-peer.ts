/**
 * Imports `specifier` of an optional peer (`nodemailer`, `web-push`, `srvx/node`) when the code of
 * `user` first needs it. The name is a variable and the bundlers are told to leave the import
 * alone, so an app that never reaches that code builds without the package installed.
 */
export async function importOptionalPeer(specifier: string, user: string): Promise<unknown> {
  try {
    const loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ specifier)) as {
      default?: unknown;
    };
    // A CommonJS package's functions are on `default` when imported from ESM.
    return loaded.default ?? loaded;
  } catch (error) {
    const parts = specifier.split('/');
    const name = (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
    throw new Error(`${user} needs the ${name} package (npm install ${name}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

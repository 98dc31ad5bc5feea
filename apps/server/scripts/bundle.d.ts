/** Bundles `entry` (a .ts file) into `outdir` as ESM for Node, as `npm start` runs the server. */
export function bundleServer(entry: string, outdir: string): Promise<void>;

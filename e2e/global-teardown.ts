import fs from 'node:fs';

/** Deletes the run's embedded database once the server has stopped. */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('charachat-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}

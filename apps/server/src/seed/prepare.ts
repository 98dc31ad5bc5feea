import type { Config } from '../config';
import { seedCategories } from './categories';
import { seedDemoData } from './demo';
import { seedTemplates } from './templates';
import { grantAdminIfConfigured } from '../features/auth';
import { findUserByEmail } from '../features/users';
import type { DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * Brings a database up to date before the app serves it: migrations, reference data, and on
 * the first start the demo data. Answers whether the demo data was created just now.
 */
export async function prepareDatabase(handle: DatabaseHandle, config: Config): Promise<{ seededDemo: boolean }> {
  await runMigrations(handle);
  return handle.withExclusiveLock(async () => {
    await seedCategories(handle.db);
    await seedTemplates(handle.db);
    const seededDemo = config.seedDemo ? await seedDemoData(handle.db, config) : false;
    if (config.adminEmail) {
      const user = await findUserByEmail(handle.db, config.adminEmail);
      if (user) await grantAdminIfConfigured(handle.db, config.adminEmail, user);
    }
    return { seededDemo };
  });
}

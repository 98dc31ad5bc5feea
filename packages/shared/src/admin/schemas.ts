import { z } from 'zod';
import { ZPageQuery, zPage } from '../http/pagination';
import { ZSessionUser } from '../auth/schemas';

export const ZAdminUsersQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
});
export const ZAdminUser = ZSessionUser.pick({
  id: true,
  email: true,
  username: true,
  displayName: true,
  role: true,
  tier: true,
  emailVerified: true,
  isDemo: true,
  createdAt: true,
});
export type AdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserPage = zPage(ZAdminUser);

import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { toPng } from '../../lib/images';

// The seeded avatars ship with the web app (apps/web/public/avatars, copied into the build).
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../../../web/public');

/** A bot's avatar as a PNG, for a Character Card export: the uploaded file, a seeded one, or a drawn placeholder. */
export async function avatarPng(app: FastifyInstance, bot: { name: string; avatarUrl: string | null }): Promise<Buffer> {
  const source = await avatarBytes(app, bot.avatarUrl);
  if (source) {
    try {
      return await toPng(source);
    } catch {
      // An unreadable file: fall back to the placeholder rather than fail the export.
    }
  }
  return toPng(Buffer.from(placeholderSvg(bot.name)));
}

async function avatarBytes(app: FastifyInstance, url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  if (url.startsWith('/uploads/')) return app.storage.read(url);
  // Only our own seeded files by a strict name; outside URLs are never fetched (no server-side requests to arbitrary hosts).
  const seeded = /^\/avatars\/[\w-]+\.(svg|png|webp|jpe?g)$/.exec(url);
  if (!seeded) return null;
  for (const root of [app.ctx.config.webDist, WEB_PUBLIC]) {
    try {
      return await fs.readFile(path.join(root, url));
    } catch {
      // Not in this folder: try the next.
    }
  }
  return null;
}

function placeholderSvg(name: string): string {
  const initial = (name.trim()[0] ?? '?').toUpperCase().replace(/[<>&"']/g, '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="512" height="512" fill="url(#g)"/><text x="256" y="330" font-family="sans-serif" font-size="240" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
}

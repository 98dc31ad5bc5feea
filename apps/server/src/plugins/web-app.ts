import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors';

/** Paths that belong to the server; everything else is a page of the single-page app. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url === '/healthz' || url === '/readyz';
}

/** The home page's paths: the build prerenders it into home.html (apps/web/scripts/prerender.js). */
const HOME_PAGES = new Set(['/', '/explore']);
/** The app's HTML: never cached, so that a deploy's new asset names are seen at once. */
const PAGE_FILES = new Set(['index.html', 'home.html']);

/**
 * The CSP sources that allow home.html's inline scripts (theme-init and the boot, inlined by the
 * build so that nothing stands between the HTML and its first paint) and nothing else: their hashes.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, the pages never cached, home.html
 * (the home page drawn at build, shown before the scripts run) for / and /explore, and
 * index.html for any other GET (deep links such as /settings/profile), so the app's router
 * takes over. An unknown /api path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const homeFile = path.join(webDist, 'home.html');
  const homeScripts = hasWeb && fs.existsSync(homeFile) ? inlineScriptHashes(fs.readFileSync(homeFile, 'utf8')).join(' ') : null;
  if (!hasWeb) app.log.warn({ webDist }, 'the web app is not built: only the API is served (run npm run build)');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // home.html is sent for / below, with the CSP that lets its inline scripts run.
      allowedPath: (pathName) => !pathName.startsWith('/home.html'),
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as
      // they are to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      // Also runs for the sendFile of the pages below, after their own header: so the pages are
      // named here, or a deploy would leave browsers an hour on the old asset names.
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const cache = immutable
          ? 'public, max-age=31536000, immutable'
          : PAGE_FILES.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))
            ? 'no-cache'
            : 'public, max-age=3600';
        res.header('cache-control', cache);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(url) && !path.extname(url);
    if (hasWeb && isPage) {
      if (homeScripts !== null && HOME_PAGES.has(url)) {
        const csp = String(reply.getHeader('content-security-policy') ?? '');
        reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${homeScripts}`));
        return reply.header('cache-control', 'no-cache').sendFile('home.html');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}

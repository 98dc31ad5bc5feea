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
/** A chat page's paths: the build draws their shell into chat.html (the layout and the chat's skeleton). */
const CHAT_PAGE = /^\/chats?\/[^/]+\/?$/;
/** The app's HTML: never cached, so that a deploy's new asset names are seen at once. */
const PAGE_FILES = new Set(['index.html', 'home.html', 'chat.html']);

/**
 * The CSP sources that allow a prerendered page's inline scripts (theme-init and the boot, and the
 * chat's early calls in chat.html, inlined by the build so that nothing stands between the HTML and
 * its first paint) and nothing else: their hashes.
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
 * (the home page drawn at build, shown before the scripts run) for / and /explore, chat.html (a
 * chat page's shell) for /chat/{id} and /chats/{id}, and
 * index.html for any other GET (deep links such as /settings/profile), so the app's router
 * takes over. An unknown /api path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const scriptsOf = (name: string) => {
    const file = path.join(webDist, name);
    return hasWeb && fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, 'utf8')).join(' ') : null;
  };
  const homeScripts = scriptsOf('home.html');
  const chatScripts = scriptsOf('chat.html');
  if (!hasWeb) app.log.warn({ webDist }, 'the web app is not built: only the API is served (run npm run build)');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // home.html and chat.html are sent for their pages below, with the CSP that lets their inline scripts run.
      allowedPath: (pathName) => !pathName.startsWith('/home.html') && !pathName.startsWith('/chat.html'),
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
      const [page, scripts] = HOME_PAGES.has(url) ? ['home.html', homeScripts] : CHAT_PAGE.test(url) ? ['chat.html', chatScripts] : [];
      if (page && scripts) {
        const csp = String(reply.getHeader('content-security-policy') ?? '');
        reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${scripts}`));
        return reply.header('cache-control', 'no-cache').sendFile(page);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}

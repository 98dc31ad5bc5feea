import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors';

/** Paths that belong to the server; everything else is a page of the single-page app. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url === '/healthz' || url === '/readyz';
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * index.html for any other GET (deep links such as /settings/profile), so the app's router
 * takes over. An unknown /api path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (!hasWeb) app.log.warn({ webDist }, 'the web app is not built: only the API is served (run npm run build)');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as
      // they are to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      // Also runs for the sendFile('index.html') of the pages below, after their own header: so
      // index.html is named here, or a deploy would leave browsers an hour on the old asset names.
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const cache = immutable
          ? 'public, max-age=31536000, immutable'
          : path.basename(filePath).replace(/\.(br|gz)$/, '') === 'index.html'
            ? 'no-cache'
            : 'public, max-age=3600';
        res.header('cache-control', cache);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(url) && !path.extname(url);
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendNotFound(reply);
  });
}

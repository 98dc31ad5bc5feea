// Bundles the server into dist/main.js, so that `npm start` runs JavaScript (no TypeScript
// compiler at start). Development (npm run dev) and the tests run the TypeScript directly.
import path from 'node:path';
import { bundleServer } from './bundle.js';

const server = path.resolve(import.meta.dirname, '..');
await bundleServer(path.join(server, 'src/main.ts'), path.join(server, 'dist'));

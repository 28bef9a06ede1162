// Serves dist/ on http://localhost:PORT (default 8080) with esbuild's server, which rebuilds the
// page bundle when web/ changes and sends .wasm as application/wasm. Run through `npm start`,
// which builds the engine first.
import * as esbuild from 'esbuild';
import { buildPage, pageBuild } from './build-page.mjs';

const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '127.0.0.1';
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve: PORT must be a whole number from 1 to 65535, got "${process.env.PORT}"`);
  process.exit(1);
}

await buildPage(); // the service worker and the single file, which esbuild's server does not rebuild
const ctx = await esbuild.context(pageBuild);
try {
  await ctx.serve({ servedir: 'dist', port, host });
} catch (e) {
  console.error(
    `serve: could not listen on ${host}:${port} (${e.message.split('\n')[0]}). Is another server using it? Try PORT=9000 npm start`,
  );
  process.exit(1);
}
console.log(`Attention Lab is running at http://localhost:${port}/  (Ctrl+C to stop)`);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The larvae counter's worker chunk (src/features/larvae/count-worker.ts, built by Vite). */
const LARVAE_WORKER = /^\/assets\/count-worker-[\w-]+\.js(?:\?.*)?$/;

/**
 * A dedicated worker runs under the CSP delivered with its own script. OpenCV's
 * WebAssembly glue (Emscripten embind) compiles small functions with `new Function` and
 * instantiates WASM, which the app's policy forbids everywhere. Only this one worker
 * script gets 'unsafe-eval' and 'wasm-unsafe-eval': it has no DOM, loads nothing but
 * itself and talks only to its page; every page and every other script keep the strict
 * policy.
 */
export const WORKER_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; connect-src 'self'; worker-src 'none'";

export const larvaeWorkerCspPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (LARVAE_WORKER.test(request.url)) reply.header('content-security-policy', WORKER_CSP);
    return payload;
  });
});

/**
 * opencv.js ends with `if (typeof Module === 'undefined') Module = {}`: an assignment to
 * an undeclared name, a ReferenceError in a module worker (strict code). Declaring the
 * global first makes that line a no-op; imported before opencv.js in count-worker.ts.
 */
(globalThis as { Module?: object }).Module ??= {};

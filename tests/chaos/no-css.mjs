// `npm run chaos` runs the app's feature modules in Node (tsx): a stylesheet a component
// imports (`import './form-field.css'`) loads as an empty module, as Vite's build would
// take it out of the script. Vitest handles CSS itself and needs no hook.
import { register } from 'node:module';

const hook = `export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

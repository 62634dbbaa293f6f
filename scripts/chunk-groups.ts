/**
 * How the app's code is cut into files (Vite's `build.rolldownOptions.output.codeSplitting`).
 *
 * Left alone, the bundler cuts the shell and the screens into dozens of 1–2 KB chunks
 * (every module two lazy screens share becomes its own file). Over HTTP/1.1 on a 150 ms
 * link each file costs a round trip on one of six connections, so a first visit spends
 * more time asking than downloading. Here the code goes into a few files by what loads
 * together, the higher priority choosing first:
 *
 * - `shell`: the entry (src/app/main.tsx) and everything it imports statically: React,
 *   the router, i18next, the layout. Loaded on every first visit anyway; with the entry
 *   inside it, index.html loads it directly (no entry file of its own to wait for).
 * - `forms`: formik, yup and the form fields (form-field, validation, number-field), for
 *   every screen with a form. A module of `src/components` that imports formik must be
 *   named here: the bundler's groups take a captured module's dependencies along
 *   (`includeDependenciesRecursively`, on by default), so a formik field left to `ui-kit`
 *   carried formik and yup into it, and the farm home downloaded 20 KB gzip of them.
 * - `ui-kit`: the shared UI pieces and domain code (src/components, src/shared/domain and
 *   i18n) that the main screens reach (farm home, water entry, pond page, settings: the
 *   screens a farm opens every day). What only other screens use (the disease master list,
 *   the photo picker, luxon) goes with those screens, so the main screens do not download it.
 * - `guest`: the sign-in, registration and password screens.
 * - `data`: the sync runtime with Dexie and the offline data layer (src/local).
 * - `luxon`: the date library, for the screens that use it (Today, the water screens…).
 * - `water`: the water-quality screens and parts (entry, pond page, standards tab).
 * The API contracts and TypeBox go with the chat, the one screen that validates with them.
 * Each signed-in screen, the chat and the calls stay their own chunks.
 */
interface ModuleInfoLike {
  importedIds: readonly string[];
}
interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}
type NameFunction = (id: string, ctx: ChunkingContextLike) => string | null;

const FORMS =
  /\/node_modules\/(formik|yup|lodash|lodash-es|tiny-warning|react-fast-compare|hoist-non-react-statics|react-is|deepmerge|property-expr|tiny-case|toposort)\/|\/src\/components\/(form-field|validation|number-field)\.tsx$/;
const UI_KIT = /\/src\/components\/|\/src\/shared\/(domain|i18n)\//;
const DATA = /\/node_modules\/(dexie|uuid)\/|\/src\/local\/|\/src\/app\/sync-runtime\.ts$/;
const WATER = /\/src\/features\/water\//;
const LUXON = /\/node_modules\/luxon\//;

function staticClosure(entries: string[], ctx: ChunkingContextLike): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** A group made of the static closure of some modules (computed once, on first use). */
function closureGroup(name: string, roots: string[]): NameFunction {
  let members: Set<string> | undefined;
  return (id, ctx) => {
    members ??= staticClosure(roots, ctx);
    return members.has(id) ? name : null;
  };
}

/** A pattern's modules within the static closure of some roots (computed once, on first use). */
function closurePatternGroup(name: string, pattern: RegExp, roots: string[]): NameFunction {
  const closure = closureGroup(name, roots);
  return (id, ctx) => (pattern.test(id) ? closure(id, ctx) : null);
}

/** A group that leaves the form modules (FORMS) to the `forms` group. */
function notForms(group: NameFunction): NameFunction {
  return (id, ctx) => (FORMS.test(id) ? null : group(id, ctx));
}

/**
 * The groups, highest priority first. `entry` is main.tsx's absolute path; `guestScreens`
 * the absolute paths of the screens a signed-out visitor opens; `mainScreens` those of the
 * screens a farm opens every day.
 */
export function chunkGroups(entry: string, guestScreens: string[], mainScreens: string[]) {
  const byPattern = (name: string, pattern: RegExp) => (id: string) => (pattern.test(id) ? name : null);
  return [
    { debugName: 'shell', name: closureGroup('shell', [entry]), priority: 40 },
    // ui-kit before forms: what form-field imports from src/components and shared (the date
    // field, date formatting) stays in ui-kit, or `forms` would take it along and the farm
    // home would download formik to format a date. Only form-field and validation (the
    // modules that import formik and yup) are left to `forms`.
    { debugName: 'ui-kit', name: notForms(closurePatternGroup('ui-kit', UI_KIT, mainScreens)), priority: 36 },
    { debugName: 'forms', name: byPattern('forms', FORMS), priority: 35 },
    { debugName: 'guest', name: closureGroup('guest', guestScreens), priority: 30 },
    { debugName: 'data', name: byPattern('data', DATA), priority: 20 },
    // luxon in a file of its own before `water` can take it: the water screens use it, and a
    // group takes its modules' dependencies along, so Today (which needs luxon and none of
    // the water screens) downloaded the water screens and, through them, the forms.
    { debugName: 'luxon', name: byPattern('luxon', LUXON), priority: 15 },
    { debugName: 'water', name: byPattern('water', WATER), priority: 10 },
  ];
}

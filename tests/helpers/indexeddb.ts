/**
 * Every test file starts with an IndexedDB (fake-indexeddb) in place. Dexie reads the
 * global IndexedDB when its module loads; in the project whose files share one module
 * registry per worker (ADR 0138), a file that loaded Dexie without one (it imports a
 * module that imports the local database, and needs no database itself) left Dexie without
 * one for every later file of that worker: "IndexedDB API missing".
 */
import 'fake-indexeddb/auto';

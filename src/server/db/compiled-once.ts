import { CompiledQuery as Compiled, type CompiledQuery, type Kysely } from 'kysely';

/**
 * A read a list route runs on every request, built and compiled by Kysely once per shape
 * instead of once per request (issue 32: building and compiling the farm list's query was
 * about a fifth of the route's server CPU under load). The query is built once with a
 * stand-in for each given input; its text is kept, and each run binds that run's values
 * in the stand-ins' places. The text is the same string every time, so the prepared
 * statement's name (prepared-client.ts) is found without hashing it again.
 *
 * A shape is which inputs are given (undefined ones are left out of the query by its
 * builder). An input the builder does not pass as a plain parameter (a list spread into
 * `in (…)`) makes the text depend on it: the shape is then not kept, and every run builds
 * afresh. A builder may branch on whether an input is given, never on its value.
 */

class StandIn {
  constructor(readonly index: number) {}
}

type Slot = { input: number } | { value: unknown };

interface Shape {
  sql: string;
  slots: Slot[];
}

interface Builder<R> {
  compile(): CompiledQuery<R>;
  execute(): Promise<R[]>;
}

// biome-ignore lint/suspicious/noExplicitAny: runs on any schema's executor (a pool or a transaction)
type Executor = Kysely<any>;

export class CompiledOnce<A extends unknown[], R> {
  private readonly shapes = new Map<string, Shape | null>();

  constructor(private readonly build: (db: Executor, ...args: A) => Builder<R>) {}

  async execute(db: Executor, ...args: A): Promise<R[]> {
    const key = args.map((arg) => (arg === undefined ? '-' : '+')).join('');
    let shape = this.shapes.get(key);
    if (shape === undefined) {
      shape = this.learn(db, args);
      this.shapes.set(key, shape);
    }
    if (shape === null) return this.build(db, ...args).execute();
    const parameters = shape.slots.map((slot) => ('input' in slot ? args[slot.input] : slot.value));
    const result = await db.executeQuery<R>(Compiled.raw(shape.sql, parameters) as CompiledQuery<R>);
    return result.rows;
  }

  /**
   * Builds the query with stand-ins; null when its text would depend on an input's value:
   * a given input is not a parameter of its own, or the text differs from the one built
   * with the run's real values (a list spread into `in (…)`).
   */
  private learn(db: Executor, args: A): Shape | null {
    const standIns = args.map((arg, i) => (arg === undefined ? undefined : new StandIn(i))) as A;
    const compiled = this.build(db, ...standIns).compile();
    const slots: Slot[] = compiled.parameters.map((value) =>
      value instanceof StandIn ? { input: value.index } : { value },
    );
    const bound = new Set(slots.flatMap((slot) => ('input' in slot ? [slot.input] : [])));
    const given = args.flatMap((arg, i) => (arg === undefined ? [] : [i]));
    if (!given.every((i) => bound.has(i))) return null;
    return this.build(db, ...args).compile().sql === compiled.sql ? { sql: compiled.sql, slots } : null;
  }
}

import type { AlertRecord, AlertSource } from './alert-rules.ts';

/** The records of one farm that an alert rule reads. */
export interface FarmAlertRecords<S extends AlertSource> {
  farmId: string;
  records: AlertRecord<S>[];
}

/**
 * How every module hands its committed writes to the alert rules (alert-rules.ts, ADR
 * 0050): its own service calls the port after the write committed, never inside the
 * transaction, and never waits for it. Evaluation errors are logged, never returned to
 * the writer. Implemented by AlertService; injected by the composition root.
 */
export interface AlertPort {
  /** The records are in hand (a water reading, an invitation). */
  committed<S extends AlertSource>(source: S, farmId: string, records: AlertRecord<S>[]): void;
  /**
   * The records are read after the commit, through the calling module's repository
   * (a pond's deaths of the day, the stock left of an item), by farm.
   */
  committedRead<S extends AlertSource>(source: S, read: () => Promise<FarmAlertRecords<S>[]>): void;
}

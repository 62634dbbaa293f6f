/**
 * Error tracing's constants both sides use (ADR 0067), apart from the contract so the
 * start-up capture reaches no TypeBox schema.
 */

/** Where an error was caught on the device. */
export const ERROR_KINDS = ['error', 'rejection', 'boundary', 'chunk', 'sync'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Seed 000 §9 and 001 §9: "Error-tracing sample rate 0.5". */
export const DEFAULT_ERROR_SAMPLE_RATE = 0.5;

/** What one report may carry; a device with more sends the rest in the next one. */
export const ERROR_REPORT_MAX_EVENTS = 50;
export const ERROR_REPORT_MAX_SESSIONS = 50;
export const ERROR_MAX_FRAMES = 30;
